// The matrix-matrix product every gemm entry point shares (gemm, its batched forms, gemmEx).
// Internal to engine/src/cublas.
#pragma once

#include "cublas/blas_types.h"
#include "cublas/context.h"

namespace warpsafe::engine::cublas {

// CUBLAS_STATUS_INVALID_VALUE for an operation code other than N/T/C, a negative dimension or a
// leading dimension smaller than the rows of the matrix as stored (at least 1), as cuBLAS checks
// before it starts; SUCCESS otherwise.
cublasStatus_t CheckGemmShape(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, int lda, int ldb,
                              int ldc);

// Checks the operands of one product C = alpha op(A) op(B) + beta C (shape already checked) and
// computes it with OpenBLAS. A and B are not read when k is 0.
template <class T>
void GemmOne(const char* routine, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const T* alpha,
             const T* A, int lda, const T* B, int ldb, const T* beta, T* C, int ldc) {
  if (m == 0 || n == 0) return;
  if (k > 0) {
    const std::size_t a_bytes = ta == CUBLAS_OP_N ? MatrixBytes(m, k, lda, sizeof(T)) : MatrixBytes(k, m, lda, sizeof(T));
    const std::size_t b_bytes = tb == CUBLAS_OP_N ? MatrixBytes(k, n, ldb, sizeof(T)) : MatrixBytes(n, k, ldb, sizeof(T));
    CheckOperand(routine, "A", A, a_bytes, runtime::OperandUse::kRead);
    CheckOperand(routine, "B", B, b_bytes, runtime::OperandUse::kRead);
  }
  CheckOperand(routine, "C", C, MatrixBytes(m, n, ldc, sizeof(T)), OutputUse(IsZero(*beta)));
  BlasGemm(ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

}  // namespace warpsafe::engine::cublas
