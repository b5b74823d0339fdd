// cublasSetVector/GetVector/SetMatrix/GetMatrix and their Async forms: strided copies between host
// and device memory. The device side is checked as every operand is; the copy completes before the
// call returns (an in-order stream may run it at once), or, for an Async form on a capturing
// stream, when the graph runs.
#include <cstring>

#include "cublas/context.h"
#include "runtime/streams.h"

namespace warpsafe::engine::cublas {
namespace {

cublasStatus_t CopyVector(const char* routine, int n, int size, const void* x, int incx, void* y, int incy,
                          bool device_is_y) {
  if (n < 0 || size <= 0 || incx <= 0 || incy <= 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  if (device_is_y) CheckOperand(routine, "devicePtr", y, VectorBytes(n, incy, size), runtime::OperandUse::kWrite);
  else CheckOperand(routine, "devicePtr", x, VectorBytes(n, incx, size), runtime::OperandUse::kRead);
  for (int i = 0; i < n; ++i) {
    std::memmove(static_cast<char*>(y) + static_cast<std::size_t>(i) * incy * size,
                 static_cast<const char*>(x) + static_cast<std::size_t>(i) * incx * size, size);
  }
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t CopyMatrix(const char* routine, int rows, int cols, int size, const void* A, int lda, void* B, int ldb,
                          bool device_is_b) {
  if (rows < 0 || cols < 0 || size <= 0 || lda < (rows > 1 ? rows : 1) || ldb < (rows > 1 ? rows : 1)) {
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (rows == 0 || cols == 0) return CUBLAS_STATUS_SUCCESS;
  if (device_is_b) CheckOperand(routine, "B", B, MatrixBytes(rows, cols, ldb, size), runtime::OperandUse::kWrite);
  else CheckOperand(routine, "A", A, MatrixBytes(rows, cols, lda, size), runtime::OperandUse::kRead);
  for (int j = 0; j < cols; ++j) {
    std::memmove(static_cast<char*>(B) + static_cast<std::size_t>(j) * ldb * size,
                 static_cast<const char*>(A) + static_cast<std::size_t>(j) * lda * size,
                 static_cast<std::size_t>(rows) * size);
  }
  return CUBLAS_STATUS_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;
namespace rt = warpsafe::engine::runtime;

namespace {
// An Async copy issued to a capturing stream becomes a node that copies when the graph runs
// (graph/library_capture.h); the host side is read or written then, as a memcpy node's is.
template <class Work>
cublasStatus_t CaptureOrRun(cudaStream_t stream, const char* routine, Work work) {
  return warpsafe::engine::graph::RunLibraryWork(stream, routine, false, CUBLAS_STATUS_SUCCESS,
                                                 CUBLAS_STATUS_EXECUTION_FAILED, work);
}
}  // namespace

extern "C" {

cublasStatus_t cublasSetVector(int n, int elemSize, const void* x, int incx, void* devicePtr, int incy) {
  return cb::CopyVector("cublasSetVector", n, elemSize, x, incx, devicePtr, incy, true);
}
cublasStatus_t cublasGetVector(int n, int elemSize, const void* x, int incx, void* y, int incy) {
  return cb::CopyVector("cublasGetVector", n, elemSize, x, incx, y, incy, false);
}
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb) {
  return cb::CopyMatrix("cublasSetMatrix", rows, cols, elemSize, A, lda, B, ldb, true);
}
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb) {
  return cb::CopyMatrix("cublasGetMatrix", rows, cols, elemSize, A, lda, B, ldb, false);
}
cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void* hostPtr, int incx, void* devicePtr, int incy,
                                    cudaStream_t stream) {
  if (!rt::IsValidStream(stream)) return CUBLAS_STATUS_INVALID_VALUE;
  return CaptureOrRun(stream, "cublasSetVectorAsync", [=] {
    return cb::CopyVector("cublasSetVectorAsync", n, elemSize, hostPtr, incx, devicePtr, incy, true);
  });
}
cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void* devicePtr, int incx, void* hostPtr, int incy,
                                    cudaStream_t stream) {
  if (!rt::IsValidStream(stream)) return CUBLAS_STATUS_INVALID_VALUE;
  return CaptureOrRun(stream, "cublasGetVectorAsync", [=] {
    return cb::CopyVector("cublasGetVectorAsync", n, elemSize, devicePtr, incx, hostPtr, incy, false);
  });
}
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb,
                                    cudaStream_t stream) {
  if (!rt::IsValidStream(stream)) return CUBLAS_STATUS_INVALID_VALUE;
  return CaptureOrRun(stream, "cublasSetMatrixAsync", [=] {
    return cb::CopyMatrix("cublasSetMatrixAsync", rows, cols, elemSize, A, lda, B, ldb, true);
  });
}
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void* A, int lda, void* B, int ldb,
                                    cudaStream_t stream) {
  if (!rt::IsValidStream(stream)) return CUBLAS_STATUS_INVALID_VALUE;
  return CaptureOrRun(stream, "cublasGetMatrixAsync", [=] {
    return cb::CopyMatrix("cublasGetMatrixAsync", rows, cols, elemSize, A, lda, B, ldb, false);
  });
}

}  // extern "C"
