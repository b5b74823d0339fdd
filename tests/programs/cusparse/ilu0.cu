// The incomplete LU factorization with no fill, csrilu02, in single and double precision, with
// indices from 0 and 1, and its zero-pivot report: a structural zero (a row without a diagonal
// entry, found by the analysis) and a numerical one (a pivot that becomes exactly zero), with the
// position written to host or device memory. Built with nvcc it prints what the GPU computed
// ("name v v v ..."); built by warpsafe with WARPSAFE_EXPECTED defined it compares each result with
// the recorded GPU values (ilu0_gpu_values.h), within 1e-5 (single) and 1e-12 (double) of
// 1 + |value|, and positions and statuses exactly.
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NEXT: worst relative error: single {{[0-9.]+(e-[0-9]+)?}}, double {{[0-9.]+(e-[0-9]+)?}}
// CHECK-NOT:  {{.}}
#include <cusparse.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CS(x) do { cusparseStatus_t s_ = (x); if (s_ != CUSPARSE_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#include "../Inputs/gpu_recorded.h"
#ifdef WARPSAFE_EXPECTED
#include "Inputs/ilu0_gpu_values.h"
static Recorder recorder(kExpected, 1e-5, 1e-12);
#else
static Recorder recorder(1e-5, 1e-12);
#endif

static double Val(int seed, int k) { return (double)((k * 7919 + seed * 104729) % 1009) / 1009.0 - 0.5; }

struct Csr {
  int n;
  std::vector<int> offsets, columns;
  std::vector<double> values;
};
// Entry (i, j) where (3i + 5j) % 7 < 2 or i == j (save row `no_diagonal`'s), the diagonal 4 + a
// value.
static Csr MakeCsr(int n, int base, int no_diagonal = -1) {
  Csr a{n, {base}, {}, {}};
  int k = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      if (((3 * i + 5 * j) % 7 < 2 || i == j) && !(i == j && i == no_diagonal)) {
        a.columns.push_back(j + base);
        a.values.push_back(Val(40, k++) + (i == j ? 4.0 : 0.0));
      }
    a.offsets.push_back((int)a.columns.size() + base);
  }
  return a;
}

template <class T> struct Ilu;
template <> struct Ilu<float> {
  static constexpr const char* kName = "S";
  static cusparseStatus_t Size(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, float* v, const int* o, const int* c, csrilu02Info_t i, int* s) { return cusparseScsrilu02_bufferSize(h, m, nnz, d, v, o, c, i, s); }
  static cusparseStatus_t Analysis(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, float* v, const int* o, const int* c, csrilu02Info_t i, void* b) { return cusparseScsrilu02_analysis(h, m, nnz, d, v, o, c, i, CUSPARSE_SOLVE_POLICY_USE_LEVEL, b); }
  static cusparseStatus_t Factor(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, float* v, const int* o, const int* c, csrilu02Info_t i, void* b) { return cusparseScsrilu02(h, m, nnz, d, v, o, c, i, CUSPARSE_SOLVE_POLICY_USE_LEVEL, b); }
};
template <> struct Ilu<double> {
  static constexpr const char* kName = "D";
  static cusparseStatus_t Size(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, double* v, const int* o, const int* c, csrilu02Info_t i, int* s) { return cusparseDcsrilu02_bufferSize(h, m, nnz, d, v, o, c, i, s); }
  static cusparseStatus_t Analysis(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, double* v, const int* o, const int* c, csrilu02Info_t i, void* b) { return cusparseDcsrilu02_analysis(h, m, nnz, d, v, o, c, i, CUSPARSE_SOLVE_POLICY_NO_LEVEL, b); }
  static cusparseStatus_t Factor(cusparseHandle_t h, int m, int nnz, cusparseMatDescr_t d, double* v, const int* o, const int* c, csrilu02Info_t i, void* b) { return cusparseDcsrilu02(h, m, nnz, d, v, o, c, i, CUSPARSE_SOLVE_POLICY_NO_LEVEL, b); }
};

// The zero-pivot answer: position and status, the position read from host or device memory.
static std::vector<double> ZeroPivot(cusparseHandle_t h, csrilu02Info_t info, bool device) {
  int position = -7;
  cusparseStatus_t s;
  if (device) {
    int* d = Dev(std::vector<int>{-7});
    CS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_DEVICE));
    s = cusparseXcsrilu02_zeroPivot(h, info, d);
    CS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_HOST));
    position = Host(d, 1)[0];
    CK(cudaFree(d));
  } else {
    s = cusparseXcsrilu02_zeroPivot(h, info, &position);
  }
  return {(double)position, (double)s};
}

// Factors `a` in place on the device; records the zero-pivot answers after the analysis and after
// the factorization, and the factors when `values`.
template <class T> static void Factor(cusparseHandle_t h, const Csr& a, int base, const std::string& name, bool values,
                                      bool device_position = false) {
  int* off = Dev(a.offsets);
  int* col = Dev(a.columns);
  T* val = Dev(std::vector<T>(a.values.begin(), a.values.end()));
  const int nnz = (int)a.columns.size();
  cusparseMatDescr_t d;
  CS(cusparseCreateMatDescr(&d));
  CS(cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_GENERAL));
  CS(cusparseSetMatIndexBase(d, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO));
  csrilu02Info_t info;
  CS(cusparseCreateCsrilu02Info(&info));
  const std::string full = std::string(Ilu<T>::kName) + name;
  recorder.Record(full + "_pivot_fresh", ZeroPivot(h, info, device_position), Agreement::kExact);
  int bytes = 0;
  CS(Ilu<T>::Size(h, a.n, nnz, d, val, off, col, info, &bytes));
  void* buffer = nullptr;
  if (bytes) CK(cudaMalloc(&buffer, bytes));
  CS(Ilu<T>::Analysis(h, a.n, nnz, d, val, off, col, info, buffer));
  recorder.Record(full + "_pivot_analysis", ZeroPivot(h, info, device_position), Agreement::kExact);
  CS(Ilu<T>::Factor(h, a.n, nnz, d, val, off, col, info, buffer));
  recorder.Record(full + "_pivot_factor", ZeroPivot(h, info, device_position), Agreement::kExact);
  if (values) recorder.RecordDev(full, val, nnz);
  CS(cusparseDestroyCsrilu02Info(info));
  CS(cusparseDestroyMatDescr(d));
  CK(cudaFree(buffer)); CK(cudaFree(off)); CK(cudaFree(col)); CK(cudaFree(val));
}

// [[1 1 .] [1 1 .] [. . 2]] with 1-based or 0-based indices: U(1, 1) = 1 - 1 * 1 is a numerical zero.
static Csr Singular(int base) {
  return Csr{3, {base, base + 2, base + 4, base + 5}, {base, base + 1, base, base + 1, base + 2}, {1, 1, 1, 1, 2}};
}

template <class T> static void Precision(cusparseHandle_t h) {
  Factor<T>(h, MakeCsr(37, 0), 0, "ilu0_base0", true);
  Factor<T>(h, MakeCsr(29, 1), 1, "ilu0_base1", true, true);
  Factor<T>(h, Singular(0), 0, "ilu0_numerical_zero_base0", true);
  Factor<T>(h, Singular(1), 1, "ilu0_numerical_zero_base1", true);
  Factor<T>(h, MakeCsr(12, 0, 5), 0, "ilu0_structural_zero_base0", false);
  Factor<T>(h, MakeCsr(12, 1, 7), 1, "ilu0_structural_zero_base1", false, true);
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
  // Argument errors: a negative size, a matrix type other than general, a null info, a bad policy.
  {
    const Csr a = MakeCsr(6, 0);
    int* off = Dev(a.offsets);
    int* col = Dev(a.columns);
    float* val = Dev(std::vector<float>(a.values.begin(), a.values.end()));
    const int nnz = (int)a.columns.size();
    cusparseMatDescr_t d, sym;
    CS(cusparseCreateMatDescr(&d));
    CS(cusparseCreateMatDescr(&sym));
    CS(cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC));
    csrilu02Info_t info;
    CS(cusparseCreateCsrilu02Info(&info));
    int bytes = 0;
    std::vector<double> codes;
    codes.push_back(cusparseScsrilu02_bufferSize(h, -1, nnz, d, val, off, col, info, &bytes));
    codes.push_back(cusparseScsrilu02_bufferSize(h, 6, nnz, sym, val, off, col, info, &bytes));
    codes.push_back(cusparseScsrilu02_analysis(h, 6, nnz, sym, val, off, col, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, nullptr));
    codes.push_back(cusparseScsrilu02_analysis(h, 6, nnz, d, val, off, col, info, (cusparseSolvePolicy_t)5, nullptr));
    codes.push_back(cusparseXcsrilu02_zeroPivot(h, info, nullptr));
    codes.push_back(cusparseCreateCsrilu02Info(nullptr));
    recorder.Record("argument_errors", codes, Agreement::kExact);
    CS(cusparseDestroyCsrilu02Info(info));
    CS(cusparseDestroyMatDescr(d));
    CS(cusparseDestroyMatDescr(sym));
    CK(cudaFree(off)); CK(cudaFree(col)); CK(cudaFree(val));
  }
  CS(cusparseDestroy(h));
  CK(cudaStreamDestroy(stream));
  return recorder.Finish();
}
