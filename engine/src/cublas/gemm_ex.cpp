// cublasGemmEx and its batched forms, and cublasHgemm: products whose element and compute types
// are named at run time. Supported combinations (anything else is CUBLAS_STATUS_NOT_SUPPORTED, as
// cuBLAS answers a combination it lacks):
//   A, B, C all R_32F, C_32F, R_64F or C_64F, computed in their own precision;
//   A, B R_16F or R_16BF with C the same type or R_32F, computed in float (COMPUTE_32F*);
//   A, B, C R_16F with COMPUTE_16F (alpha and beta are __half), computed in float;
//   A, B R_8I and C R_32I with COMPUTE_32I, computed exactly in integers.
// Narrow inputs are widened exactly to float and the float result rounded once to the output type
// (round to nearest even). The GPU may round partial sums to the narrow type (COMPUTE_16F) or
// inputs to TF32 (the FAST_ compute types); cuBLAS allows but does not require that, so results
// agree within those formats' rounding (docs/semantics/libraries.md).
#include <cstdint>
#include <vector>

#include "cublas/gemm.h"

namespace warpsafe::engine::cublas {
namespace {

bool IsCompute32F(cublasComputeType_t c) {
  return c == CUBLAS_COMPUTE_32F || c == CUBLAS_COMPUTE_32F_PEDANTIC || c == CUBLAS_COMPUTE_32F_FAST_16F ||
         c == CUBLAS_COMPUTE_32F_FAST_16BF || c == CUBLAS_COMPUTE_32F_FAST_TF32 || c == CUBLAS_COMPUTE_32F_EMULATED_16BFX9;
}
// The emulated compute types (BLAS-11) compute here in the precision they emulate.
bool IsCompute64F(cublasComputeType_t c) {
  return c == CUBLAS_COMPUTE_64F || c == CUBLAS_COMPUTE_64F_PEDANTIC || c == CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT;
}
bool IsCompute16F(cublasComputeType_t c) { return c == CUBLAS_COMPUTE_16F || c == CUBLAS_COMPUTE_16F_PEDANTIC; }

std::size_t ElementSize(cudaDataType t) {
  switch (t) {
    case CUDA_R_8I: return 1;
    case CUDA_R_16F: case CUDA_R_16BF: return 2;
    case CUDA_R_32F: case CUDA_R_32I: return 4;
    case CUDA_R_64F: case CUDA_C_32F: return 8;
    case CUDA_C_64F: return 16;
    default: return 0;
  }
}

float Widen(const void* p, cudaDataType t, std::size_t i) {
  if (t == CUDA_R_16F) return __half2float(static_cast<const __half*>(p)[i]);
  if (t == CUDA_R_16BF) return __bfloat162float(static_cast<const __nv_bfloat16*>(p)[i]);
  return static_cast<const float*>(p)[i];
}
void Narrow(void* p, cudaDataType t, std::size_t i, float v) {
  if (t == CUDA_R_16F) static_cast<__half*>(p)[i] = __float2half_rn(v);
  else if (t == CUDA_R_16BF) static_cast<__nv_bfloat16*>(p)[i] = __float2bfloat16_rn(v);
  else static_cast<float*>(p)[i] = v;
}

// A stored matrix (rows x cols, leading dimension ld) of a narrow type, as floats with the same ld.
std::vector<float> WidenMatrix(const void* p, cudaDataType t, int rows, int cols, int ld) {
  std::vector<float> out(static_cast<std::size_t>(ld) * static_cast<std::size_t>(cols));
  for (int j = 0; j < cols; ++j) {
    for (int i = 0; i < rows; ++i) {
      const std::size_t at = i + static_cast<std::size_t>(j) * ld;
      out[at] = Widen(p, t, at);
    }
  }
  return out;
}

// One product of narrow (or float) operands computed in float.
void GemmWidened(const char* routine, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, float alpha,
                 const void* A, cudaDataType at, int lda, const void* B, cudaDataType bt, int ldb, float beta, void* C,
                 cudaDataType ct, int ldc) {
  if (m == 0 || n == 0) return;
  const int a_rows = ta == CUBLAS_OP_N ? m : k, a_cols = ta == CUBLAS_OP_N ? k : m;
  const int b_rows = tb == CUBLAS_OP_N ? k : n, b_cols = tb == CUBLAS_OP_N ? n : k;
  if (k > 0) {
    CheckOperand(routine, "A", A, MatrixBytes(a_rows, a_cols, lda, ElementSize(at)), runtime::OperandUse::kRead);
    CheckOperand(routine, "B", B, MatrixBytes(b_rows, b_cols, ldb, ElementSize(bt)), runtime::OperandUse::kRead);
  }
  CheckOperand(routine, "C", C, MatrixBytes(m, n, ldc, ElementSize(ct)), OutputUse(beta == 0.0f));
  const std::vector<float> a = k > 0 ? WidenMatrix(A, at, a_rows, a_cols, lda) : std::vector<float>(1);
  const std::vector<float> b = k > 0 ? WidenMatrix(B, bt, b_rows, b_cols, ldb) : std::vector<float>(1);
  // beta == 0: C is not read (it may hold NaNs), as in BLAS.
  std::vector<float> c = beta != 0.0f ? WidenMatrix(C, ct, m, n, ldc) : std::vector<float>(static_cast<std::size_t>(ldc) * n);
  BlasGemm(ta, tb, m, n, k, &alpha, a.data(), lda, b.data(), ldb, &beta, c.data(), ldc);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      const std::size_t at_c = i + static_cast<std::size_t>(j) * ldc;
      Narrow(C, ct, at_c, c[at_c]);
    }
  }
}

void GemmInt8(const char* routine, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, std::int32_t alpha,
              const std::int8_t* A, int lda, const std::int8_t* B, int ldb, std::int32_t beta, std::int32_t* C, int ldc) {
  if (m == 0 || n == 0) return;
  if (k > 0) {
    CheckOperand(routine, "A", A, ta == CUBLAS_OP_N ? MatrixBytes(m, k, lda, 1) : MatrixBytes(k, m, lda, 1),
                 runtime::OperandUse::kRead);
    CheckOperand(routine, "B", B, tb == CUBLAS_OP_N ? MatrixBytes(k, n, ldb, 1) : MatrixBytes(n, k, ldb, 1),
                 runtime::OperandUse::kRead);
  }
  CheckOperand(routine, "C", C, MatrixBytes(m, n, ldc, 4), OutputUse(beta == 0));
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i) {
      std::int64_t sum = 0;
      for (int p = 0; p < k; ++p) {
        const std::int8_t a = ta == CUBLAS_OP_N ? A[i + static_cast<long long>(p) * lda] : A[p + static_cast<long long>(i) * lda];
        const std::int8_t b = tb == CUBLAS_OP_N ? B[p + static_cast<long long>(j) * ldb] : B[j + static_cast<long long>(p) * ldb];
        sum += static_cast<std::int64_t>(a) * b;
      }
      std::int32_t& c = C[i + static_cast<long long>(j) * ldc];
      c = static_cast<std::int32_t>(static_cast<std::uint32_t>(alpha * sum + (beta != 0 ? static_cast<std::int64_t>(beta) * c : 0)));
    }
  }
}

// One product of a gemmEx call, its shape already checked.
cublasStatus_t GemmExOne(const char* routine, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                         const void* alpha, const void* A, cudaDataType at, int lda, const void* B, cudaDataType bt,
                         int ldb, const void* beta, void* C, cudaDataType ct, int ldc, cublasComputeType_t compute) {
  if (at != bt) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (at == ct && IsCompute32F(compute) && at == CUDA_R_32F) {
    GemmOne(routine, ta, tb, m, n, k, static_cast<const float*>(alpha), static_cast<const float*>(A), lda,
            static_cast<const float*>(B), ldb, static_cast<const float*>(beta), static_cast<float*>(C), ldc);
  } else if (at == ct && IsCompute32F(compute) && at == CUDA_C_32F) {
    GemmOne(routine, ta, tb, m, n, k, static_cast<const cuComplex*>(alpha), static_cast<const cuComplex*>(A), lda,
            static_cast<const cuComplex*>(B), ldb, static_cast<const cuComplex*>(beta), static_cast<cuComplex*>(C), ldc);
  } else if (at == ct && IsCompute64F(compute) && at == CUDA_R_64F) {
    GemmOne(routine, ta, tb, m, n, k, static_cast<const double*>(alpha), static_cast<const double*>(A), lda,
            static_cast<const double*>(B), ldb, static_cast<const double*>(beta), static_cast<double*>(C), ldc);
  } else if (at == ct && IsCompute64F(compute) && at == CUDA_C_64F) {
    GemmOne(routine, ta, tb, m, n, k, static_cast<const cuDoubleComplex*>(alpha),
            static_cast<const cuDoubleComplex*>(A), lda, static_cast<const cuDoubleComplex*>(B), ldb,
            static_cast<const cuDoubleComplex*>(beta), static_cast<cuDoubleComplex*>(C), ldc);
  } else if ((at == CUDA_R_16F || at == CUDA_R_16BF) && (ct == at || ct == CUDA_R_32F) && IsCompute32F(compute)) {
    GemmWidened(routine, ta, tb, m, n, k, *static_cast<const float*>(alpha), A, at, lda, B, bt, ldb,
                *static_cast<const float*>(beta), C, ct, ldc);
  } else if (at == CUDA_R_16F && ct == CUDA_R_16F && IsCompute16F(compute)) {
    GemmWidened(routine, ta, tb, m, n, k, __half2float(*static_cast<const __half*>(alpha)), A, at, lda, B, bt, ldb,
                __half2float(*static_cast<const __half*>(beta)), C, ct, ldc);
  } else if (at == CUDA_R_8I && ct == CUDA_R_32I &&
             (compute == CUBLAS_COMPUTE_32I || compute == CUBLAS_COMPUTE_32I_PEDANTIC)) {
    GemmInt8(routine, ta, tb, m, n, k, *static_cast<const std::int32_t*>(alpha), static_cast<const std::int8_t*>(A),
             lda, static_cast<const std::int8_t*>(B), ldb, *static_cast<const std::int32_t*>(beta),
             static_cast<std::int32_t*>(C), ldc);
  } else {
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  return CUBLAS_STATUS_SUCCESS;
}

}  // namespace
}  // namespace warpsafe::engine::cublas

namespace cb = warpsafe::engine::cublas;

extern "C" {

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                            const void* alpha, const void* A, cudaDataType at, int lda, const void* B, cudaDataType bt,
                            int ldb, const void* beta, void* C, cudaDataType ct, int ldc,
                            cublasComputeType_t compute, cublasGemmAlgo_t) {
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = cb::CheckGemmShape(ta, tb, m, n, k, lda, ldb, ldc); s != CUBLAS_STATUS_SUCCESS) return s;
  return cb::Run("cublasGemmEx", h, [=] {
    return cb::GemmExOne("cublasGemmEx", ta, tb, m, n, k, alpha, A, at, lda, B, bt, ldb, beta, C, ct, ldc, compute);
  });
}

cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                                          int k, const void* alpha, const void* A, cudaDataType at, int lda,
                                          long long sa, const void* B, cudaDataType bt, int ldb, long long sb,
                                          const void* beta, void* C, cudaDataType ct, int ldc, long long sc, int batch,
                                          cublasComputeType_t compute, cublasGemmAlgo_t) {
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = cb::CheckGemmShape(ta, tb, m, n, k, lda, ldb, ldc); s != CUBLAS_STATUS_SUCCESS) return s;
  if (batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  const std::size_t ea = cb::ElementSize(at), eb = cb::ElementSize(bt), ec = cb::ElementSize(ct);
  return cb::Run("cublasGemmStridedBatchedEx", h, [=] {
    for (int i = 0; i < batch; ++i) {
      const cublasStatus_t s = cb::GemmExOne(
          "cublasGemmStridedBatchedEx", ta, tb, m, n, k, alpha, static_cast<const char*>(A) + i * sa * ea, at, lda,
          static_cast<const char*>(B) + i * sb * eb, bt, ldb, beta, static_cast<char*>(C) + i * sc * ec, ct, ldc,
          compute);
      if (s != CUBLAS_STATUS_SUCCESS) return s;
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                                   const void* alpha, const void* const A[], cudaDataType at, int lda,
                                   const void* const B[], cudaDataType bt, int ldb, const void* beta,
                                   void* const C[], cudaDataType ct, int ldc, int batch, cublasComputeType_t compute,
                                   cublasGemmAlgo_t) {
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = cb::CheckGemmShape(ta, tb, m, n, k, lda, ldb, ldc); s != CUBLAS_STATUS_SUCCESS) return s;
  if (batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  return cb::Run("cublasGemmBatchedEx", h, [=] {
    const auto kRead = warpsafe::engine::runtime::OperandUse::kRead;
    cb::CheckOperand("cublasGemmBatchedEx", "Aarray", A, sizeof(void*) * static_cast<std::size_t>(batch), kRead);
    cb::CheckOperand("cublasGemmBatchedEx", "Barray", B, sizeof(void*) * static_cast<std::size_t>(batch), kRead);
    cb::CheckOperand("cublasGemmBatchedEx", "Carray", C, sizeof(void*) * static_cast<std::size_t>(batch), kRead);
    for (int i = 0; i < batch; ++i) {
      const cublasStatus_t s = cb::GemmExOne("cublasGemmBatchedEx", ta, tb, m, n, k, alpha, A[i], at, lda, B[i], bt,
                                             ldb, beta, C[i], ct, ldc, compute);
      if (s != CUBLAS_STATUS_SUCCESS) return s;
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                           const __half* alpha, const __half* A, int lda, const __half* B, int ldb, const __half* beta,
                           __half* C, int ldc) {
  if (cublasStatus_t s = cb::Begin(h); s != CUBLAS_STATUS_SUCCESS) return s;
  if (cublasStatus_t s = cb::CheckGemmShape(ta, tb, m, n, k, lda, ldb, ldc); s != CUBLAS_STATUS_SUCCESS) return s;
  return cb::Run("cublasHgemm", h, [=] {
    return cb::GemmExOne("cublasHgemm", ta, tb, m, n, k, alpha, A, CUDA_R_16F, lda, B, CUDA_R_16F, ldb, beta, C,
                         CUDA_R_16F, ldc, CUBLAS_COMPUTE_16F);
  });
}

}  // extern "C"
