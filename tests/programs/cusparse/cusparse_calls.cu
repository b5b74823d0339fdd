// cuSPARSE's generic SpMV and SpMM on CSR matrices, called as a program would, on inputs made by
// formula. Built with nvcc it prints what the GPU computed ("name v v v ..."); built by warpsafe
// with WARPSAFE_EXPECTED defined it compares each result with the recorded GPU values
// (cusparse_gpu_values.h), within 1e-5 (single) and 1e-12 (double) of 1 + |value|: the products'
// sums may be added in another order.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NEXT: worst relative error: single {{[0-9.]+e-[0-9]+}}, double {{[0-9.]+e-[0-9]+}}
// CHECK-NOT:  {{.}}
#include <cusparse.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CS(x) do { cusparseStatus_t s_ = (x); if (s_ != CUSPARSE_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#include "../Inputs/gpu_recorded.h"
#ifdef WARPSAFE_EXPECTED
#include "Inputs/cusparse_gpu_values.h"
static Recorder recorder(kExpected, 1e-5, 1e-12);
#else
static Recorder recorder(1e-5, 1e-12);
#endif

static double Val(int seed, int k) { return (double)((k * 7919 + seed * 104729) % 1009) / 1009.0 - 0.5; }
template <class T> static std::vector<T> Fill(int seed, int n) {
  std::vector<T> v(n);
  for (int k = 0; k < n; ++k) v[k] = (T)(float)Val(seed, k);
  return v;
}


// A rows x cols CSR matrix: entry (i, j) where (3i + 5j) % 7 < 2 or i == j, values by formula.
template <class I> struct Csr {
  int rows, cols;
  std::vector<I> offsets, columns;
  std::vector<double> values;
};
template <class I> static Csr<I> MakeCsr(int rows, int cols, int base) {
  Csr<I> a{rows, cols, {}, {}, {}};
  a.offsets.push_back(static_cast<I>(base));
  int k = 0;
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j)
      if ((3 * i + 5 * j) % 7 < 2 || i == j) { a.columns.push_back(static_cast<I>(j + base)); a.values.push_back(Val(20, k++)); }
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

template <class T, class I> static cusparseSpMatDescr_t Descr(const Csr<I>& a, int base, I** d_off, I** d_col, T** d_val) {
  *d_off = Dev(a.offsets);
  *d_col = Dev(a.columns);
  std::vector<T> v(a.values.begin(), a.values.end());
  *d_val = Dev(v);
  cusparseSpMatDescr_t m;
  CS(cusparseCreateCsr(&m, a.rows, a.cols, static_cast<int64_t>(a.columns.size()), *d_off, *d_col, *d_val,
                       Index<I>::kValue, Index<I>::kValue, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO,
                       Type<T>::kValue));
  return m;
}

// y = alpha op(A) x + beta y, with the buffer the library asks for.
template <class T, class I> static void SpMV(cusparseHandle_t h, int base, cusparseOperation_t op, T alpha, T beta,
                                             bool nan_y = false) {
  const Csr<I> a = MakeCsr<I>(37, 29, base);
  I *off, *col;
  T* val;
  cusparseSpMatDescr_t m = Descr<T>(a, base, &off, &col, &val);
  const int nx = op == CUSPARSE_OPERATION_NON_TRANSPOSE ? a.cols : a.rows;
  const int ny = op == CUSPARSE_OPERATION_NON_TRANSPOSE ? a.rows : a.cols;
  T* x = Dev(Fill<T>(21, nx));
  std::vector<T> hy = Fill<T>(22, ny);
  if (nan_y) for (T& v : hy) v = std::nan("");  // beta 0: y is not read
  T* y = Dev(hy);
  cusparseDnVecDescr_t vx, vy;
  CS(cusparseCreateDnVec(&vx, nx, x, Type<T>::kValue));
  CS(cusparseCreateDnVec(&vy, ny, y, Type<T>::kValue));
  size_t bytes = 0;
  CS(cusparseSpMV_bufferSize(h, op, &alpha, m, vx, &beta, vy, Type<T>::kValue, CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
  void* buffer = nullptr;
  if (bytes) CK(cudaMalloc(&buffer, bytes));
  CS(cusparseSpMV(h, op, &alpha, m, vx, &beta, vy, Type<T>::kValue, CUSPARSE_SPMV_ALG_DEFAULT, buffer));
  recorder.RecordDev(std::string(Type<T>::kName) + "spmv_" + "NT"[op] + "_base" + std::to_string(base) + "_" + Index<I>::kName +
                (beta == T(0) ? "_beta0" : "") + (nan_y ? "_nan_y" : ""),
            y, ny);
  CS(cusparseDestroyDnVec(vx));
  CS(cusparseDestroyDnVec(vy));
  CS(cusparseDestroySpMat(m));
  CK(cudaFree(buffer)); CK(cudaFree(x)); CK(cudaFree(y)); CK(cudaFree(off)); CK(cudaFree(col)); CK(cudaFree(val));
}

// C = alpha op(A) op(B) + beta C; B and C dense, column- or row-major, with padded leading dimensions.
template <class T> static void SpMM(cusparseHandle_t h, cusparseOperation_t opa, cusparseOperation_t opb,
                                    cusparseOrder_t order, T alpha, T beta, bool nan_c = false) {
  const int base = 0;
  const Csr<int32_t> a = MakeCsr<int32_t>(23, 17, base);
  int32_t *off, *col;
  T* val;
  cusparseSpMatDescr_t m = Descr<T>(a, base, &off, &col, &val);
  const int k = opa == CUSPARSE_OPERATION_NON_TRANSPOSE ? a.cols : a.rows;   // rows of op(B)
  const int rows = opa == CUSPARSE_OPERATION_NON_TRANSPOSE ? a.rows : a.cols;
  const int n = 5;
  const int brows = opb == CUSPARSE_OPERATION_NON_TRANSPOSE ? k : n, bcols = opb == CUSPARSE_OPERATION_NON_TRANSPOSE ? n : k;
  const bool col_major = order == CUSPARSE_ORDER_COL;
  const int ldb = (col_major ? brows : bcols) + 2, ldc = (col_major ? rows : n) + 3;
  const size_t bsize = static_cast<size_t>(ldb) * (col_major ? bcols : brows);
  const size_t csize = static_cast<size_t>(ldc) * (col_major ? n : rows);
  T* b = Dev(Fill<T>(23, static_cast<int>(bsize)));
  std::vector<T> hc = Fill<T>(24, static_cast<int>(csize));
  if (nan_c) for (T& v : hc) v = std::nan("");  // beta 0: C is not read
  T* c = Dev(hc);
  cusparseDnMatDescr_t mb, mc;
  CS(cusparseCreateDnMat(&mb, brows, bcols, ldb, b, Type<T>::kValue, order));
  CS(cusparseCreateDnMat(&mc, rows, n, ldc, c, Type<T>::kValue, order));
  size_t bytes = 0;
  CS(cusparseSpMM_bufferSize(h, opa, opb, &alpha, m, mb, &beta, mc, Type<T>::kValue, CUSPARSE_SPMM_ALG_DEFAULT, &bytes));
  void* buffer = nullptr;
  if (bytes) CK(cudaMalloc(&buffer, bytes));
  const cusparseStatus_t s = cusparseSpMM(h, opa, opb, &alpha, m, mb, &beta, mc, Type<T>::kValue, CUSPARSE_SPMM_ALG_DEFAULT, buffer);
  const std::string name = std::string(Type<T>::kName) + "spmm_" + "NT"[opa] + "NT"[opb] + (col_major ? "_col" : "_row") + (nan_c ? "_nan_c" : "");
  recorder.Record(name + "_status", {static_cast<double>(s)}, Agreement::kExact);
  if (s == CUSPARSE_STATUS_SUCCESS) recorder.RecordDev(name, c, csize);
  CS(cusparseDestroyDnMat(mb));
  CS(cusparseDestroyDnMat(mc));
  CS(cusparseDestroySpMat(m));
  CK(cudaFree(buffer)); CK(cudaFree(b)); CK(cudaFree(c)); CK(cudaFree(off)); CK(cudaFree(col)); CK(cudaFree(val));
}

template <class T> static void Precision(cusparseHandle_t h) {
  const auto N = CUSPARSE_OPERATION_NON_TRANSPOSE, Tr = CUSPARSE_OPERATION_TRANSPOSE;
  SpMV<T, int32_t>(h, 0, N, T(1.25), T(-0.5));
  SpMV<T, int32_t>(h, 1, N, T(-2), T(0.75));
  SpMV<T, int64_t>(h, 0, N, T(0.5), T(0));
  SpMV<T, int32_t>(h, 0, Tr, T(1.5), T(2));
  SpMV<T, int64_t>(h, 1, Tr, T(-1), T(0));
  SpMV<T, int32_t>(h, 0, N, T(1), T(0), true);
  SpMM<T>(h, N, N, CUSPARSE_ORDER_COL, T(2), T(0), true);
  for (cusparseOrder_t order : {CUSPARSE_ORDER_COL, CUSPARSE_ORDER_ROW}) {
    SpMM<T>(h, N, N, order, T(1.25), T(-0.5));
    SpMM<T>(h, Tr, N, order, T(0.5), T(1));
    SpMM<T>(h, N, Tr, order, T(-1.5), T(0));
  }
}

int main() {
  cusparseHandle_t h;
  CS(cusparseCreate(&h));
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  CS(cusparseSetStream(h, stream));
  cudaStream_t got;
  CS(cusparseGetStream(h, &got));
  if (got != stream) { printf("FAIL cusparseGetStream\n"); return 1; }
  Precision<float>(h);
  Precision<double>(h);
  // Argument errors: the status each gives.
  {
    cusparseSpMatDescr_t m;
    int32_t* p;
    CK(cudaMalloc(&p, 64));
    std::vector<double> codes;
    codes.push_back(cusparseCreateCsr(&m, -1, 4, 0, p, p, p, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    codes.push_back(cusparseCreateCsr(nullptr, 4, 4, 0, p, p, p, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    cusparseDnVecDescr_t v;
    codes.push_back(cusparseCreateDnVec(&v, -3, p, CUDA_R_32F));
    cusparseDnMatDescr_t d;
    codes.push_back(cusparseCreateDnMat(&d, 4, 4, 2, p, CUDA_R_32F, CUSPARSE_ORDER_COL));
    recorder.Record("argument_errors", codes, Agreement::kExact);
    CK(cudaFree(p));
  }
  CS(cusparseDestroy(h));
  CK(cudaStreamDestroy(stream));
  return recorder.Finish();
}
