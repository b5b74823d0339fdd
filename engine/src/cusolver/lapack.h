// The LAPACK routines the engine's cuSOLVER calls, as OpenBLAS exports them (Fortran calling
// convention: every argument by address, and the length of each character argument appended).
#pragma once

#include <cstddef>

extern "C" {
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void sgetrs_(const char* trans, const int* n, const int* nrhs, const float* a, const int* lda, const int* ipiv,
             float* b, const int* ldb, int* info, std::size_t trans_length);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv,
             double* b, const int* ldb, int* info, std::size_t trans_length);
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info, std::size_t uplo_length);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, std::size_t uplo_length);
void spotrs_(const char* uplo, const int* n, const int* nrhs, const float* a, const int* lda, float* b,
             const int* ldb, int* info, std::size_t uplo_length);
void dpotrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b,
             const int* ldb, int* info, std::size_t uplo_length);
}

namespace warpsafe::engine::cusolver {

// One name per routine for both precisions.
inline void LapackGetrf(int m, int n, float* a, int lda, int* ipiv, int* info) {
  sgetrf_(&m, &n, a, &lda, ipiv, info);
}
inline void LapackGetrf(int m, int n, double* a, int lda, int* ipiv, int* info) {
  dgetrf_(&m, &n, a, &lda, ipiv, info);
}
inline void LapackGetrs(char trans, int n, int nrhs, const float* a, int lda, const int* ipiv, float* b, int ldb,
                        int* info) {
  sgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void LapackGetrs(char trans, int n, int nrhs, const double* a, int lda, const int* ipiv, double* b, int ldb,
                  int* info) {
  dgetrs_(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}
inline void LapackPotrf(char uplo, int n, float* a, int lda, int* info) { spotrf_(&uplo, &n, a, &lda, info, 1); }
inline void LapackPotrf(char uplo, int n, double* a, int lda, int* info) { dpotrf_(&uplo, &n, a, &lda, info, 1); }
inline void LapackPotrs(char uplo, int n, int nrhs, const float* a, int lda, float* b, int ldb, int* info) {
  spotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);
}
inline void LapackPotrs(char uplo, int n, int nrhs, const double* a, int lda, double* b, int ldb, int* info) {
  dpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);
}

}  // namespace warpsafe::engine::cusolver
