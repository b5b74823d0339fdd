// The types of cusolver_common.h that programs' helper headers name without calling the solvers
// behind them: cusolver_int_t and the iterative-refinement enumerations, with CUDA's values (they
// are part of the binary interface), the emulation enumerations of library_types.h, and cuBLAS's
// handle API under its usual names (cusolverDn.h includes cublas_v2.h, as CUDA's does).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      n 3 refine 1102 prec 1203 1214 emulation 1 65535 cublas 0
// CHECK-NOT:  {{.}}
#include <cusolverDn.h>

#include <cstdio>

static_assert(sizeof(cusolver_int_t) == sizeof(int), "cusolver_int_t is int");

int main() {
  const cusolver_int_t n = 3;
  const cusolverIRSRefinement_t refine = CUSOLVER_IRS_REFINE_CLASSICAL;
  const cusolverPrecType_t prec[2] = {CUSOLVER_R_64F, CUSOLVER_C_32F};
  const cudaEmulationMantissaControl control = CUDA_EMULATION_MANTISSA_CONTROL_FIXED;
  cublasHandle_t blas;
  const int created = cublasCreate(&blas);
  cublasDestroy(blas);
  printf("n %d refine %d prec %d %d emulation %d %d cublas %d\n", n, (int)refine, (int)prec[0], (int)prec[1],
         (int)control, (int)CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT, created);
  return 0;
}
