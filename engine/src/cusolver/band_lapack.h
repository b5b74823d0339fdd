// The banded LAPACK routines the engine's sparse cuSOLVER factors with, as OpenBLAS exports them
// (Fortran calling convention, as in cusolver/lapack.h): general band LU (gbtrf, gbtrs) and
// positive definite band Cholesky (pbtrf, pbtrs; Hermitian for complex elements).
#pragma once

#include <cstddef>

#include "cusolver/lapack.h"

#define WARPSAFE_BAND_LAPACK_DECLARE_(P, T)                                                                       \
  void P##gbtrf_(const int* m, const int* n, const int* kl, const int* ku, T* ab, const int* ldab, int* ipiv,      \
                 int* info);                                                                                      \
  void P##gbtrs_(const char* trans, const int* n, const int* kl, const int* ku, const int* nrhs, const T* ab,      \
                 const int* ldab, const int* ipiv, T* b, const int* ldb, int* info, std::size_t trans_length);    \
  void P##pbtrf_(const char* uplo, const int* n, const int* kd, T* ab, const int* ldab, int* info,                \
                 std::size_t uplo_length);                                                                        \
  void P##pbtrs_(const char* uplo, const int* n, const int* kd, const int* nrhs, const T* ab, const int* ldab,    \
                 T* b, const int* ldb, int* info, std::size_t uplo_length);

extern "C" {
WARPSAFE_BAND_LAPACK_DECLARE_(s, float)
WARPSAFE_BAND_LAPACK_DECLARE_(d, double)
WARPSAFE_BAND_LAPACK_DECLARE_(c, warpsafe::engine::cusolver::Complex)
WARPSAFE_BAND_LAPACK_DECLARE_(z, warpsafe::engine::cusolver::DoubleComplex)
}
#undef WARPSAFE_BAND_LAPACK_DECLARE_

namespace warpsafe::engine::cusolver {

#define WARPSAFE_BAND_LAPACK_OVERLOADS_(P, T)                                                                     \
  inline void LapackGbtrf(int n, int kl, int ku, T* ab, int ldab, int* ipiv, int* info) {                         \
    P##gbtrf_(&n, &n, &kl, &ku, ab, &ldab, ipiv, info);                                                           \
  }                                                                                                               \
  inline void LapackGbtrs(int n, int kl, int ku, const T* ab, int ldab, const int* ipiv, T* b, int* info) {       \
    const char trans = 'N';                                                                                       \
    const int nrhs = 1;                                                                                           \
    P##gbtrs_(&trans, &n, &kl, &ku, &nrhs, ab, &ldab, ipiv, b, &n, info, 1);                                      \
  }                                                                                                               \
  inline void LapackPbtrf(int n, int kd, T* ab, int ldab, int* info) {                                            \
    const char uplo = 'L';                                                                                        \
    P##pbtrf_(&uplo, &n, &kd, ab, &ldab, info, 1);                                                                \
  }                                                                                                               \
  inline void LapackPbtrs(int n, int kd, const T* ab, int ldab, T* b, int* info) {                                \
    const char uplo = 'L';                                                                                        \
    const int nrhs = 1;                                                                                           \
    P##pbtrs_(&uplo, &n, &kd, &nrhs, ab, &ldab, b, &n, info, 1);                                                  \
  }
WARPSAFE_BAND_LAPACK_OVERLOADS_(s, float)
WARPSAFE_BAND_LAPACK_OVERLOADS_(d, double)
WARPSAFE_BAND_LAPACK_OVERLOADS_(c, Complex)
WARPSAFE_BAND_LAPACK_OVERLOADS_(z, DoubleComplex)
#undef WARPSAFE_BAND_LAPACK_OVERLOADS_

}  // namespace warpsafe::engine::cusolver
