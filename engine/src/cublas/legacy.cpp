// cuBLAS's legacy API (cublas.h) as a thin layer over the handle API of this folder: each routine
// converts its character arguments, runs the handle-API routine on the process's implicit handle
// in host pointer mode (scalars passed by value become pointers to them), and records the status
// for cublasGetError. docs/semantics/cublas_legacy.md (CUBLAS-LEGACY-1 .. 4) says why each choice.
#include <atomic>
#include <mutex>

#include "cublas.h"
#include "cublas/context.h"

namespace {

// The implicit handle: made by the first routine or by cublasInit, destroyed by cublasShutdown.
std::mutex handle_mutex;
std::atomic<cublasHandle_t> implicit_handle{nullptr};

// The status of the last routine that returns none (CUBLAS-LEGACY-2).
std::atomic<cublasStatus_t> last_status{CUBLAS_STATUS_SUCCESS};

cublasStatus_t ImplicitHandle(cublasHandle_t* out) {
  cublasHandle_t h = implicit_handle.load(std::memory_order_acquire);
  if (h == nullptr) {
    std::lock_guard<std::mutex> lock(handle_mutex);
    h = implicit_handle.load(std::memory_order_acquire);
    if (h == nullptr) {
      if (const cublasStatus_t s = cublasCreate_v2(&h); s != CUBLAS_STATUS_SUCCESS) return s;
      implicit_handle.store(h, std::memory_order_release);
    }
  }
  *out = h;
  return CUBLAS_STATUS_SUCCESS;
}

void Record(cublasStatus_t status) { last_status.store(status, std::memory_order_relaxed); }

// The character arguments (CUBLAS-LEGACY-3): false for a character that names none.
bool ToOperation(char c, cublasOperation_t* op) {
  switch (c) {
    case 'N': case 'n': *op = CUBLAS_OP_N; return true;
    case 'T': case 't': *op = CUBLAS_OP_T; return true;
    case 'C': case 'c': *op = CUBLAS_OP_C; return true;
  }
  return false;
}
bool ToFill(char c, cublasFillMode_t* fill) {
  switch (c) {
    case 'U': case 'u': *fill = CUBLAS_FILL_MODE_UPPER; return true;
    case 'L': case 'l': *fill = CUBLAS_FILL_MODE_LOWER; return true;
  }
  return false;
}
bool ToSide(char c, cublasSideMode_t* side) {
  switch (c) {
    case 'L': case 'l': *side = CUBLAS_SIDE_LEFT; return true;
    case 'R': case 'r': *side = CUBLAS_SIDE_RIGHT; return true;
  }
  return false;
}
bool ToDiag(char c, cublasDiagType_t* diag) {
  switch (c) {
    case 'N': case 'n': *diag = CUBLAS_DIAG_NON_UNIT; return true;
    case 'U': case 'u': *diag = CUBLAS_DIAG_UNIT; return true;
  }
  return false;
}

// Runs `call(handle)`, a handle-API routine, on the implicit handle and records its status.
template <class Call>
void Legacy(Call call) {
  cublasHandle_t h = nullptr;
  cublasStatus_t s = ImplicitHandle(&h);
  if (s == CUBLAS_STATUS_SUCCESS) s = call(h);
  Record(s);
}

// As Legacy, for a routine that returns its result: `call(handle, &result)`; a zero result when
// the routine fails (its status is for cublasGetError).
template <class R, class Call>
R LegacyResult(Call call) {
  R result{};
  Legacy([&](cublasHandle_t h) { return call(h, &result); });
  return result;
}

template <class T, class V2>
void Gemv(V2 v2, char trans, int m, int n, T alpha, const T* A, int lda, const T* x, int incx, T beta, T* y,
          int incy) {
  cublasOperation_t op;
  if (!ToOperation(trans, &op)) return Record(CUBLAS_STATUS_INVALID_VALUE);
  Legacy([&](cublasHandle_t h) { return v2(h, op, m, n, &alpha, A, lda, x, incx, &beta, y, incy); });
}

template <class T, class V2>
void Gemm(V2 v2, char transa, char transb, int m, int n, int k, T alpha, const T* A, int lda, const T* B, int ldb,
          T beta, T* C, int ldc) {
  cublasOperation_t op_a, op_b;
  if (!ToOperation(transa, &op_a) || !ToOperation(transb, &op_b)) return Record(CUBLAS_STATUS_INVALID_VALUE);
  Legacy([&](cublasHandle_t h) { return v2(h, op_a, op_b, m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc); });
}

template <class T, class V2>
void Trsm(V2 v2, char side, char uplo, char transa, char diag, int m, int n, T alpha, const T* A, int lda, T* B,
          int ldb) {
  cublasSideMode_t s;
  cublasFillMode_t f;
  cublasOperation_t op;
  cublasDiagType_t d;
  if (!ToSide(side, &s) || !ToFill(uplo, &f) || !ToOperation(transa, &op) || !ToDiag(diag, &d)) {
    return Record(CUBLAS_STATUS_INVALID_VALUE);
  }
  Legacy([&](cublasHandle_t h) { return v2(h, s, f, op, d, m, n, &alpha, A, lda, B, ldb); });
}

}  // namespace

extern "C" {

// ---- the implicit handle, its error state, and memory (CUBLAS-LEGACY-1, 2, 4) -------------------

cublasStatus cublasInit(void) {
  cublasHandle_t h = nullptr;
  return ImplicitHandle(&h);
}

cublasStatus cublasShutdown(void) {
  std::lock_guard<std::mutex> lock(handle_mutex);
  const cublasHandle_t h = implicit_handle.exchange(nullptr, std::memory_order_acq_rel);
  return h == nullptr ? CUBLAS_STATUS_SUCCESS : cublasDestroy_v2(h);
}

cublasStatus cublasGetError(void) { return last_status.exchange(CUBLAS_STATUS_SUCCESS, std::memory_order_relaxed); }

cublasStatus cublasGetVersion(int* version) {
  if (version == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus cublasAlloc(int n, int elemSize, void** devicePtr) {
  if (n <= 0 || elemSize <= 0 || devicePtr == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  const size_t bytes = static_cast<size_t>(n) * static_cast<size_t>(elemSize);
  return cudaMalloc(devicePtr, bytes) == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus cublasFree(void* devicePtr) {
  if (devicePtr == nullptr) return CUBLAS_STATUS_SUCCESS;
  return cudaFree(devicePtr) == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INTERNAL_ERROR;
}

cublasStatus cublasSetKernelStream(cudaStream_t stream) {
  cublasHandle_t h = nullptr;
  if (const cublasStatus_t s = ImplicitHandle(&h); s != CUBLAS_STATUS_SUCCESS) return s;
  return cublasSetStream_v2(h, stream);
}

// ---- level 1 ------------------------------------------------------------------------------------

float cublasSnrm2(int n, const float* x, int incx) {
  return LegacyResult<float>([&](cublasHandle_t h, float* r) { return cublasSnrm2_v2(h, n, x, incx, r); });
}
double cublasDnrm2(int n, const double* x, int incx) {
  return LegacyResult<double>([&](cublasHandle_t h, double* r) { return cublasDnrm2_v2(h, n, x, incx, r); });
}
float cublasScnrm2(int n, const cuComplex* x, int incx) {
  return LegacyResult<float>([&](cublasHandle_t h, float* r) { return cublasScnrm2_v2(h, n, x, incx, r); });
}
double cublasDznrm2(int n, const cuDoubleComplex* x, int incx) {
  return LegacyResult<double>([&](cublasHandle_t h, double* r) { return cublasDznrm2_v2(h, n, x, incx, r); });
}

float cublasSdot(int n, const float* x, int incx, const float* y, int incy) {
  return LegacyResult<float>([&](cublasHandle_t h, float* r) { return cublasSdot_v2(h, n, x, incx, y, incy, r); });
}
double cublasDdot(int n, const double* x, int incx, const double* y, int incy) {
  return LegacyResult<double>([&](cublasHandle_t h, double* r) { return cublasDdot_v2(h, n, x, incx, y, incy, r); });
}
cuComplex cublasCdotu(int n, const cuComplex* x, int incx, const cuComplex* y, int incy) {
  return LegacyResult<cuComplex>(
      [&](cublasHandle_t h, cuComplex* r) { return cublasCdotu_v2(h, n, x, incx, y, incy, r); });
}
cuComplex cublasCdotc(int n, const cuComplex* x, int incx, const cuComplex* y, int incy) {
  return LegacyResult<cuComplex>(
      [&](cublasHandle_t h, cuComplex* r) { return cublasCdotc_v2(h, n, x, incx, y, incy, r); });
}
cuDoubleComplex cublasZdotu(int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y, int incy) {
  return LegacyResult<cuDoubleComplex>(
      [&](cublasHandle_t h, cuDoubleComplex* r) { return cublasZdotu_v2(h, n, x, incx, y, incy, r); });
}
cuDoubleComplex cublasZdotc(int n, const cuDoubleComplex* x, int incx, const cuDoubleComplex* y, int incy) {
  return LegacyResult<cuDoubleComplex>(
      [&](cublasHandle_t h, cuDoubleComplex* r) { return cublasZdotc_v2(h, n, x, incx, y, incy, r); });
}

void cublasSscal(int n, float alpha, float* x, int incx) {
  Legacy([&](cublasHandle_t h) { return cublasSscal_v2(h, n, &alpha, x, incx); });
}
void cublasDscal(int n, double alpha, double* x, int incx) {
  Legacy([&](cublasHandle_t h) { return cublasDscal_v2(h, n, &alpha, x, incx); });
}
void cublasCscal(int n, cuComplex alpha, cuComplex* x, int incx) {
  Legacy([&](cublasHandle_t h) { return cublasCscal_v2(h, n, &alpha, x, incx); });
}
void cublasZscal(int n, cuDoubleComplex alpha, cuDoubleComplex* x, int incx) {
  Legacy([&](cublasHandle_t h) { return cublasZscal_v2(h, n, &alpha, x, incx); });
}
void cublasCsscal(int n, float alpha, cuComplex* x, int incx) {
  Legacy([&](cublasHandle_t h) { return cublasCsscal_v2(h, n, &alpha, x, incx); });
}
void cublasZdscal(int n, double alpha, cuDoubleComplex* x, int incx) {
  Legacy([&](cublasHandle_t h) { return cublasZdscal_v2(h, n, &alpha, x, incx); });
}

void cublasSaxpy(int n, float alpha, const float* x, int incx, float* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasSaxpy_v2(h, n, &alpha, x, incx, y, incy); });
}
void cublasDaxpy(int n, double alpha, const double* x, int incx, double* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasDaxpy_v2(h, n, &alpha, x, incx, y, incy); });
}
void cublasCaxpy(int n, cuComplex alpha, const cuComplex* x, int incx, cuComplex* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasCaxpy_v2(h, n, &alpha, x, incx, y, incy); });
}
void cublasZaxpy(int n, cuDoubleComplex alpha, const cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasZaxpy_v2(h, n, &alpha, x, incx, y, incy); });
}

void cublasScopy(int n, const float* x, int incx, float* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasScopy_v2(h, n, x, incx, y, incy); });
}
void cublasDcopy(int n, const double* x, int incx, double* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasDcopy_v2(h, n, x, incx, y, incy); });
}
void cublasCcopy(int n, const cuComplex* x, int incx, cuComplex* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasCcopy_v2(h, n, x, incx, y, incy); });
}
void cublasZcopy(int n, const cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasZcopy_v2(h, n, x, incx, y, incy); });
}

void cublasSswap(int n, float* x, int incx, float* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasSswap_v2(h, n, x, incx, y, incy); });
}
void cublasDswap(int n, double* x, int incx, double* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasDswap_v2(h, n, x, incx, y, incy); });
}
void cublasCswap(int n, cuComplex* x, int incx, cuComplex* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasCswap_v2(h, n, x, incx, y, incy); });
}
void cublasZswap(int n, cuDoubleComplex* x, int incx, cuDoubleComplex* y, int incy) {
  Legacy([&](cublasHandle_t h) { return cublasZswap_v2(h, n, x, incx, y, incy); });
}

int cublasIsamax(int n, const float* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIsamax_v2(h, n, x, incx, r); });
}
int cublasIdamax(int n, const double* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIdamax_v2(h, n, x, incx, r); });
}
int cublasIcamax(int n, const cuComplex* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIcamax_v2(h, n, x, incx, r); });
}
int cublasIzamax(int n, const cuDoubleComplex* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIzamax_v2(h, n, x, incx, r); });
}
int cublasIsamin(int n, const float* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIsamin_v2(h, n, x, incx, r); });
}
int cublasIdamin(int n, const double* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIdamin_v2(h, n, x, incx, r); });
}
int cublasIcamin(int n, const cuComplex* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIcamin_v2(h, n, x, incx, r); });
}
int cublasIzamin(int n, const cuDoubleComplex* x, int incx) {
  return LegacyResult<int>([&](cublasHandle_t h, int* r) { return cublasIzamin_v2(h, n, x, incx, r); });
}

float cublasSasum(int n, const float* x, int incx) {
  return LegacyResult<float>([&](cublasHandle_t h, float* r) { return cublasSasum_v2(h, n, x, incx, r); });
}
double cublasDasum(int n, const double* x, int incx) {
  return LegacyResult<double>([&](cublasHandle_t h, double* r) { return cublasDasum_v2(h, n, x, incx, r); });
}
float cublasScasum(int n, const cuComplex* x, int incx) {
  return LegacyResult<float>([&](cublasHandle_t h, float* r) { return cublasScasum_v2(h, n, x, incx, r); });
}
double cublasDzasum(int n, const cuDoubleComplex* x, int incx) {
  return LegacyResult<double>([&](cublasHandle_t h, double* r) { return cublasDzasum_v2(h, n, x, incx, r); });
}

// ---- level 2 ------------------------------------------------------------------------------------

void cublasSgemv(char trans, int m, int n, float alpha, const float* A, int lda, const float* x, int incx, float beta,
                 float* y, int incy) {
  Gemv(cublasSgemv_v2, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
void cublasDgemv(char trans, int m, int n, double alpha, const double* A, int lda, const double* x, int incx,
                 double beta, double* y, int incy) {
  Gemv(cublasDgemv_v2, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
void cublasCgemv(char trans, int m, int n, cuComplex alpha, const cuComplex* A, int lda, const cuComplex* x, int incx,
                 cuComplex beta, cuComplex* y, int incy) {
  Gemv(cublasCgemv_v2, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
void cublasZgemv(char trans, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex* A, int lda,
                 const cuDoubleComplex* x, int incx, cuDoubleComplex beta, cuDoubleComplex* y, int incy) {
  Gemv(cublasZgemv_v2, trans, m, n, alpha, A, lda, x, incx, beta, y, incy);
}
void cublasSger(int m, int n, float alpha, const float* x, int incx, const float* y, int incy, float* A, int lda) {
  Legacy([&](cublasHandle_t h) { return cublasSger_v2(h, m, n, &alpha, x, incx, y, incy, A, lda); });
}
void cublasDger(int m, int n, double alpha, const double* x, int incx, const double* y, int incy, double* A, int lda) {
  Legacy([&](cublasHandle_t h) { return cublasDger_v2(h, m, n, &alpha, x, incx, y, incy, A, lda); });
}

// ---- level 3 ------------------------------------------------------------------------------------

void cublasSgemm(char transa, char transb, int m, int n, int k, float alpha, const float* A, int lda, const float* B,
                 int ldb, float beta, float* C, int ldc) {
  Gemm(cublasSgemm_v2, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
void cublasDgemm(char transa, char transb, int m, int n, int k, double alpha, const double* A, int lda,
                 const double* B, int ldb, double beta, double* C, int ldc) {
  Gemm(cublasDgemm_v2, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
void cublasCgemm(char transa, char transb, int m, int n, int k, cuComplex alpha, const cuComplex* A, int lda,
                 const cuComplex* B, int ldb, cuComplex beta, cuComplex* C, int ldc) {
  Gemm(cublasCgemm_v2, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
void cublasZgemm(char transa, char transb, int m, int n, int k, cuDoubleComplex alpha, const cuDoubleComplex* A,
                 int lda, const cuDoubleComplex* B, int ldb, cuDoubleComplex beta, cuDoubleComplex* C, int ldc) {
  Gemm(cublasZgemm_v2, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
void cublasStrsm(char side, char uplo, char transa, char diag, int m, int n, float alpha, const float* A, int lda,
                 float* B, int ldb) {
  Trsm(cublasStrsm_v2, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}
void cublasDtrsm(char side, char uplo, char transa, char diag, int m, int n, double alpha, const double* A, int lda,
                 double* B, int ldb) {
  Trsm(cublasDtrsm_v2, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}
void cublasCtrsm(char side, char uplo, char transa, char diag, int m, int n, cuComplex alpha, const cuComplex* A,
                 int lda, cuComplex* B, int ldb) {
  Trsm(cublasCtrsm_v2, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}
void cublasZtrsm(char side, char uplo, char transa, char diag, int m, int n, cuDoubleComplex alpha,
                 const cuDoubleComplex* A, int lda, cuDoubleComplex* B, int ldb) {
  Trsm(cublasZtrsm_v2, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}

}  // extern "C"
