// The legacy matrix descriptor (cusparseMatDescr_t) and a generic matrix's fill-mode and
// diagonal-type attributes: defaults, values set and read back, and the status each bad argument
// gives. Built with nvcc it prints what the GPU answered ("name v v v ..."); built by warpsafe
// with WARPSAFE_EXPECTED defined it compares each answer exactly with the recorded GPU values
// (mat_descr_gpu_values.h).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NEXT: worst relative error: single 0, double 0
// CHECK-NOT:  {{.}}
#include <cusparse.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CS(x) do { cusparseStatus_t s_ = (x); if (s_ != CUSPARSE_STATUS_SUCCESS) { printf("FAIL %s: %d\n", #x, (int)s_); exit(1); } } while (0)

#include "../Inputs/gpu_recorded.h"
#ifdef WARPSAFE_EXPECTED
#include "Inputs/mat_descr_gpu_values.h"
static Recorder recorder(kExpected, 0, 0);
#else
static Recorder recorder(0, 0);
#endif

static void Exact(const char* name, std::vector<double> v) { recorder.Record(name, v, Agreement::kExact); }

int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  cusparseMatDescr_t d;
  CS(cusparseCreateMatDescr(&d));
  Exact("legacy_defaults", {(double)cusparseGetMatType(d), (double)cusparseGetMatFillMode(d),
                            (double)cusparseGetMatDiagType(d), (double)cusparseGetMatIndexBase(d)});
  CS(cusparseSetMatType(d, CUSPARSE_MATRIX_TYPE_TRIANGULAR));
  CS(cusparseSetMatFillMode(d, CUSPARSE_FILL_MODE_UPPER));
  CS(cusparseSetMatDiagType(d, CUSPARSE_DIAG_TYPE_UNIT));
  CS(cusparseSetMatIndexBase(d, CUSPARSE_INDEX_BASE_ONE));
  Exact("legacy_set", {(double)cusparseGetMatType(d), (double)cusparseGetMatFillMode(d),
                       (double)cusparseGetMatDiagType(d), (double)cusparseGetMatIndexBase(d)});
  // Values outside each enumeration: the status, then what the descriptor still holds.
  Exact("legacy_bad_values", {(double)cusparseSetMatType(d, (cusparseMatrixType_t)9),
                              (double)cusparseSetMatFillMode(d, (cusparseFillMode_t)5),
                              (double)cusparseSetMatDiagType(d, (cusparseDiagType_t)5),
                              (double)cusparseSetMatIndexBase(d, (cusparseIndexBase_t)4)});
  Exact("legacy_after_bad", {(double)cusparseGetMatType(d), (double)cusparseGetMatFillMode(d),
                             (double)cusparseGetMatDiagType(d), (double)cusparseGetMatIndexBase(d)});
  Exact("legacy_null", {(double)cusparseCreateMatDescr(nullptr), (double)cusparseDestroyMatDescr(nullptr)});
  CS(cusparseDestroyMatDescr(d));

  // A generic CSR matrix's attributes.
  int* p;
  CK(cudaMalloc(&p, 64));
  cusparseSpMatDescr_t m;
  CS(cusparseCreateCsr(&m, 4, 4, 4, p, p, p, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                       CUDA_R_32F));
  cusparseFillMode_t fill = (cusparseFillMode_t)7;
  cusparseDiagType_t diag = (cusparseDiagType_t)7;
  CS(cusparseSpMatGetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  CS(cusparseSpMatGetAttribute(m, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag)));
  Exact("attribute_defaults", {(double)fill, (double)diag});
  fill = CUSPARSE_FILL_MODE_UPPER;
  diag = CUSPARSE_DIAG_TYPE_UNIT;
  CS(cusparseSpMatSetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  CS(cusparseSpMatSetAttribute(m, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag)));
  fill = (cusparseFillMode_t)7;
  diag = (cusparseDiagType_t)7;
  CS(cusparseSpMatGetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  CS(cusparseSpMatGetAttribute(m, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag)));
  Exact("attribute_set", {(double)fill, (double)diag});
  cusparseFillMode_t bad_fill = (cusparseFillMode_t)3;
  Exact("attribute_errors",
        {(double)cusparseSpMatSetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill) + 4),
         (double)cusparseSpMatSetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, &bad_fill, sizeof(bad_fill)),
         (double)cusparseSpMatSetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, nullptr, sizeof(fill)),
         (double)cusparseSpMatGetAttribute(m, CUSPARSE_SPMAT_DIAG_TYPE, &diag, 2),
         (double)cusparseSpMatGetAttribute(m, (cusparseSpMatAttribute_t)9, &diag, sizeof(diag))});
  fill = (cusparseFillMode_t)7;
  CS(cusparseSpMatGetAttribute(m, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
  Exact("attribute_after_errors", {(double)fill});
  CS(cusparseDestroySpMat(m));
  CK(cudaFree(p));
  return recorder.Finish();
}
