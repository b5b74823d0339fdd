// cuSPARSE's generic triangular solve, cusparseSpSV: op(A) y = alpha x for the lower or upper
// triangle of a square CSR matrix holding entries in both triangles, with a unit or stored
// diagonal, A transposed or not, in single and double precision, indices from 0 or 1, alpha on the
// host or the device. Built with nvcc it prints what the GPU computed ("name v v v ..."); built by
// warpsafe with WARPSAFE_EXPECTED defined it compares each result with the recorded GPU values
// (spsv_gpu_values.h), within 1e-5 (single) and 1e-12 (double) of 1 + |value|, and statuses
// exactly.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NEXT: worst relative error: single {{[0-9.]+(e-[0-9]+)?}}, double {{[0-9.]+(e-[0-9]+)?}}
// CHECK-NOT:  {{.}}
#include <cusparse.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CS(x) do { cusparseStatus_t s_ = (x); if (s_ != CUSPARSE_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#include "../Inputs/gpu_recorded.h"
#ifdef WARPSAFE_EXPECTED
#include "Inputs/spsv_gpu_values.h"
static Recorder recorder(kExpected, 1e-5, 1e-12);
#else
static Recorder recorder(1e-5, 1e-12);
#endif

static double Val(int seed, int k) { return (double)((k * 7919 + seed * 104729) % 1009) / 1009.0 - 0.5; }

// An n x n CSR matrix: entry (i, j) where (3i + 5j) % 7 < 2 or i == j, the diagonal 2 + a value so
// the solves stay well conditioned.
template <class I> struct Csr {
  std::vector<I> offsets, columns;
  std::vector<double> values;
};
template <class I> static Csr<I> MakeCsr(int n, int base) {
  Csr<I> a;
  a.offsets.push_back(static_cast<I>(base));
  int k = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      if ((3 * i + 5 * j) % 7 < 2 || i == j) {
        a.columns.push_back(static_cast<I>(j + base));
        a.values.push_back(Val(30, k++) + (i == j ? 2.0 : 0.0));
      }
    a.offsets.push_back(static_cast<I>(a.columns.size() + base));
  }
  return a;
}

template <class T> struct Type;
template <> struct Type<float> { static constexpr cudaDataType kValue = CUDA_R_32F; static constexpr const char* kName = "S"; };
template <> struct Type<double> { static constexpr cudaDataType kValue = CUDA_R_64F; static constexpr const char* kName = "D"; };
template <class I> struct Index;
template <> struct Index<int32_t> { static constexpr cusparseIndexType_t kValue = CUSPARSE_INDEX_32I; static constexpr const char* kName = "i32"; };
template <> struct Index<int64_t> { static constexpr cusparseIndexType_t kValue = CUSPARSE_INDEX_64I; static constexpr const char* kName = "i64"; };

constexpr int kN = 41;

template <class T, class I> static void Solve(cusparseHandle_t h, cusparseOperation_t op, cusparseFillMode_t fill,
                                              cusparseDiagType_t diag, int base, T alpha, bool device_alpha = false) {
  const Csr<I> a = MakeCsr<I>(kN, base);
  I* off = Dev(a.offsets);
  I* col = Dev(a.columns);
  T* val = Dev(std::vector<T>(a.values.begin(), a.values.end()));
  cusparseSpMatDescr_t m;
  CS(cusparseCreateCsr(&m, kN, kN, (int64_t)a.columns.size(), off, col, val, Index<I>::kValue, Index<I>::kValue,
                       base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO, Type<T>::kValue));
  CS(cusparseSpMatSetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  CS(cusparseSpMatSetAttribute(m, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag)));
  std::vector<T> hx(kN);
  for (int i = 0; i < kN; ++i) hx[i] = (T)Val(31, i);
  T* x = Dev(hx);
  T* y = Dev(std::vector<T>(kN, (T)std::nan("")));  // written, not read
  cusparseDnVecDescr_t vx, vy;
  CS(cusparseCreateDnVec(&vx, kN, x, Type<T>::kValue));
  CS(cusparseCreateDnVec(&vy, kN, y, Type<T>::kValue));
  const void* alpha_p = &alpha;
  T* d_alpha = nullptr;
  if (device_alpha) {
    d_alpha = Dev(std::vector<T>{alpha});
    alpha_p = d_alpha;
    CS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_DEVICE));
  }
  cusparseSpSVDescr_t plan;
  CS(cusparseSpSV_createDescr(&plan));
  size_t bytes = 0;
  CS(cusparseSpSV_bufferSize(h, op, alpha_p, m, vx, vy, Type<T>::kValue, CUSPARSE_SPSV_ALG_DEFAULT, plan, &bytes));
  void* buffer = nullptr;
  if (bytes) CK(cudaMalloc(&buffer, bytes));
  CS(cusparseSpSV_analysis(h, op, alpha_p, m, vx, vy, Type<T>::kValue, CUSPARSE_SPSV_ALG_DEFAULT, plan, buffer));
  CS(cusparseSpSV_solve(h, op, alpha_p, m, vx, vy, Type<T>::kValue, CUSPARSE_SPSV_ALG_DEFAULT, plan));
  recorder.RecordDev(std::string(Type<T>::kName) + "spsv_" + "NT"[op] + (fill == CUSPARSE_FILL_MODE_LOWER ? "_lower" : "_upper") +
                         (diag == CUSPARSE_DIAG_TYPE_UNIT ? "_unit" : "_nonunit") + "_base" + std::to_string(base) +
                         "_" + Index<I>::kName + (device_alpha ? "_device_alpha" : ""),
                     y, kN);
  if (device_alpha) CS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_HOST));
  CS(cusparseSpSV_destroyDescr(plan));
  CS(cusparseDestroyDnVec(vx));
  CS(cusparseDestroyDnVec(vy));
  CS(cusparseDestroySpMat(m));
  CK(cudaFree(buffer)); CK(cudaFree(x)); CK(cudaFree(y)); CK(cudaFree(off)); CK(cudaFree(col)); CK(cudaFree(val));
  if (d_alpha) CK(cudaFree(d_alpha));
}

template <class T> static void Precision(cusparseHandle_t h) {
  for (cusparseOperation_t op : {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE})
    for (cusparseFillMode_t fill : {CUSPARSE_FILL_MODE_LOWER, CUSPARSE_FILL_MODE_UPPER})
      for (cusparseDiagType_t diag : {CUSPARSE_DIAG_TYPE_NON_UNIT, CUSPARSE_DIAG_TYPE_UNIT})
        Solve<T, int32_t>(h, op, fill, diag, 0, T(1.5));
  Solve<T, int32_t>(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_FILL_MODE_UPPER, CUSPARSE_DIAG_TYPE_NON_UNIT, 1, T(-0.75));
  Solve<T, int64_t>(h, CUSPARSE_OPERATION_TRANSPOSE, CUSPARSE_FILL_MODE_LOWER, CUSPARSE_DIAG_TYPE_NON_UNIT, 1, T(2));
  Solve<T, int32_t>(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_FILL_MODE_LOWER, CUSPARSE_DIAG_TYPE_UNIT, 0, T(0.5), true);
}

int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  cusparseHandle_t h;
  CS(cusparseCreate(&h));
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  CS(cusparseSetStream(h, stream));
  Precision<float>(h);
  Precision<double>(h);
  // Argument errors: a matrix that is not square, vectors of the wrong size, a value type unlike
  // the compute type.
  {
    int* p;
    CK(cudaMalloc(&p, 256));
    CK(cudaMemset(p, 0, 256));
    float one = 1;
    cusparseSpMatDescr_t wide, square;
    CS(cusparseCreateCsr(&wide, 4, 5, 0, p, p, p, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    CS(cusparseCreateCsr(&square, 4, 4, 0, p, p, p, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    cusparseDnVecDescr_t v4, v5;
    CS(cusparseCreateDnVec(&v4, 4, p + 16, CUDA_R_32F));
    CS(cusparseCreateDnVec(&v5, 5, p + 32, CUDA_R_32F));
    cusparseSpSVDescr_t plan;
    CS(cusparseSpSV_createDescr(&plan));
    size_t bytes;
    std::vector<double> codes;
    codes.push_back(cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, wide, v4, v4, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, plan, &bytes));
    codes.push_back(cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, square, v5, v4, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, plan, &bytes));
    codes.push_back(cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, square, v4, v4, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, plan, &bytes));
    codes.push_back(cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, square, v4, v4, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, plan, nullptr));
    codes.push_back(cusparseSpSV_createDescr(nullptr));
    recorder.Record("argument_errors", codes, Agreement::kExact);
    CS(cusparseSpSV_destroyDescr(plan));
    CS(cusparseDestroyDnVec(v4));
    CS(cusparseDestroyDnVec(v5));
    CS(cusparseDestroySpMat(wide));
    CS(cusparseDestroySpMat(square));
    CK(cudaFree(p));
  }
  CS(cusparseDestroy(h));
  CK(cudaStreamDestroy(stream));
  return recorder.Finish();
}
