// cuSOLVER's 64-bit generic API for the factorizations the engine has: a parameters object
// (cusolverDnCreateParams, SetAdvOptions), Xgetrf/Xgetrs, Xpotrf/Xpotrs and Xgeqrf with their
// _bufferSize queries (docs/semantics/libraries.md, SOLVER-GEN-1). The element type is named by a
// cudaDataType: R_32F, R_64F, C_32F or C_64F, the compute type equal to it (any other
// combination, or a size beyond int, is CUSOLVER_STATUS_NOT_SUPPORTED). The computations are those
// of the typed routines (LAPACK's getrf/getrs, potrf/potrs, geqrf); pivots are 64-bit here.
#include <climits>
#include <cstdint>
#include <vector>

#include "cusolver/context.h"
#include "cusolver/lapack.h"

// The options a program sets: kept, and (one algorithm per function on the engine) changing no
// result.
struct cusolverDnParams {
  cusolverAlgMode_t getrf = CUSOLVER_ALG_0;
  cusolverAlgMode_t potrf = CUSOLVER_ALG_0;
};

namespace warpsafe::engine::cusolver {
namespace {

using runtime::LibraryOperand;
using runtime::OperandUse;

enum class Element { kS, kD, kC, kZ, kOther };

Element Of(cudaDataType t) {
  switch (t) {
    case CUDA_R_32F: return Element::kS;
    case CUDA_R_64F: return Element::kD;
    case CUDA_C_32F: return Element::kC;
    case CUDA_C_64F: return Element::kZ;
    default: return Element::kOther;
  }
}

std::size_t ElementBytes(Element e) {
  switch (e) {
    case Element::kS: return sizeof(float);
    case Element::kD: return sizeof(double);
    case Element::kC: return sizeof(cuComplex);
    case Element::kZ: return sizeof(cuDoubleComplex);
    case Element::kOther: return 0;
  }
  return 0;
}

bool FitsInt(int64_t v) { return v >= INT_MIN && v <= INT_MAX; }

// Calls f(T{}) with T the element type of `e` (which is not kOther).
template <class F>
cusolverStatus_t Dispatch(Element e, F f) {
  switch (e) {
    case Element::kS: return f(float{});
    case Element::kD: return f(double{});
    case Element::kC: return f(cuComplex{});
    case Element::kZ: return f(cuDoubleComplex{});
    case Element::kOther: break;
  }
  return CUSOLVER_STATUS_NOT_SUPPORTED;
}

// The checks every call makes: the handle, the types (one precision), the sizes (non-negative,
// within int, the leading dimensions at least the rows).
cusolverStatus_t Check(cusolverDnHandle_t h, cudaDataType a_type, cudaDataType other_type, int64_t rows,
                       int64_t cols, int64_t lda, int64_t ldb_or_zero, int64_t b_rows) {
  if (cusolverStatus_t s = Begin(h); s != CUSOLVER_STATUS_SUCCESS) return s;
  if (Of(a_type) == Element::kOther || other_type != a_type) return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (rows < 0 || cols < 0 || lda < (rows > 1 ? rows : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  if (ldb_or_zero != 0 && ldb_or_zero < (b_rows > 1 ? b_rows : 1)) return CUSOLVER_STATUS_INVALID_VALUE;
  if (!FitsInt(rows) || !FitsInt(cols) || !FitsInt(lda) || !FitsInt(ldb_or_zero)) return CUSOLVER_STATUS_NOT_SUPPORTED;
  return CUSOLVER_STATUS_SUCCESS;
}

// The workspace queries: one element on the device (the engine keeps its own), none on the host.
cusolverStatus_t Workspace(cusolverDnHandle_t h, cudaDataType type, size_t* device, size_t* host) {
  if (!IsLive(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (device == nullptr || host == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *device = ElementBytes(Of(type));
  *host = 0;
  return CUSOLVER_STATUS_SUCCESS;
}

char UploChar(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U'; }

}  // namespace
}  // namespace warpsafe::engine::cusolver

namespace sv = warpsafe::engine::cusolver;
using sv::LibraryOperand;
using sv::OperandUse;

extern "C" {

cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t* params) {
  if (params == nullptr) return CUSOLVER_STATUS_INVALID_VALUE;
  *params = new cusolverDnParams();
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params) {
  delete params;
  return CUSOLVER_STATUS_SUCCESS;
}
// Algorithms 0 and 1 of getrf and potrf are accepted; anything else is an invalid value.
cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
                                         cusolverAlgMode_t algo) {
  if (params == nullptr || (algo != CUSOLVER_ALG_0 && algo != CUSOLVER_ALG_1)) return CUSOLVER_STATUS_INVALID_VALUE;
  if (function == CUSOLVERDN_GETRF) {
    params->getrf = algo;
  } else if (function == CUSOLVERDN_POTRF) {
    params->potrf = algo;
  } else {
    return CUSOLVER_STATUS_INVALID_VALUE;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t, int64_t, int64_t,
                                             cudaDataType dataTypeA, const void*, int64_t, cudaDataType,
                                             size_t* workspaceInBytesOnDevice, size_t* workspaceInBytesOnHost) {
  return sv::Workspace(h, dataTypeA, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}
cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t, cublasFillMode_t, int64_t,
                                             cudaDataType dataTypeA, const void*, int64_t, cudaDataType,
                                             size_t* workspaceInBytesOnDevice, size_t* workspaceInBytesOnHost) {
  return sv::Workspace(h, dataTypeA, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}
cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t, int64_t, int64_t,
                                             cudaDataType dataTypeA, const void*, int64_t, cudaDataType,
                                             const void*, cudaDataType, size_t* workspaceInBytesOnDevice,
                                             size_t* workspaceInBytesOnHost) {
  return sv::Workspace(h, dataTypeA, workspaceInBytesOnDevice, workspaceInBytesOnHost);
}

// P A = L U with partial pivoting; a null ipiv factors without row exchanges, as getrf does.
cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t h, cusolverDnParams_t, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void* A, int64_t lda, int64_t* ipiv,
                                  cudaDataType computeType, void*, size_t, void*, size_t, int* info) {
  if (cusolverStatus_t s = sv::Check(h, dataTypeA, computeType, m, n, lda, 0, 0); s != CUSOLVER_STATUS_SUCCESS) {
    return s;
  }
  const char* call = "cuSOLVER call cusolverDnXgetrf";
  const int rows = static_cast<int>(m), cols = static_cast<int>(n), ld = static_cast<int>(lda);
  return sv::Dispatch(sv::Of(dataTypeA), [=](auto zero) {
    using T = decltype(zero);
    T* a = static_cast<T*>(A);
    return sv::Run(call, h, [=] {
      const int steps = rows < cols ? rows : cols;
      LibraryOperand(call, "A", a, sv::MatrixBytes(rows, cols, ld, sizeof(T)), OperandUse::kReadWrite, h->stream);
      if (ipiv != nullptr) {
        LibraryOperand(call, "ipiv", ipiv, static_cast<std::size_t>(steps) * sizeof(int64_t), OperandUse::kWrite,
                       h->stream);
      }
      int result = 0;
      if (steps > 0) {
        if (ipiv != nullptr) {
          std::vector<int> pivots(static_cast<std::size_t>(steps));
          sv::LapackGetrf(rows, cols, sv::Lapack(a), ld, pivots.data(), &result);
          for (int i = 0; i < steps; ++i) ipiv[i] = pivots[static_cast<std::size_t>(i)];
        } else {
          result = sv::FactorUnpivoted(rows, cols, sv::Lapack(a), ld);
        }
      }
      sv::WriteInfo(call, info, result, h->stream);
      return CUSOLVER_STATUS_SUCCESS;
    });
  });
}

// op(A) X = B with getrf's factors; a null ipiv stands for no row exchanges.
cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t h, cusolverDnParams_t, cublasOperation_t trans, int64_t n,
                                  int64_t nrhs, cudaDataType dataTypeA, const void* A, int64_t lda,
                                  const int64_t* ipiv, cudaDataType dataTypeB, void* B, int64_t ldb, int* info) {
  if (cusolverStatus_t s = sv::Check(h, dataTypeA, dataTypeB, n, n, lda, ldb, n); s != CUSOLVER_STATUS_SUCCESS) {
    return s;
  }
  if (trans != CUBLAS_OP_N && trans != CUBLAS_OP_T && trans != CUBLAS_OP_C) return CUSOLVER_STATUS_INVALID_VALUE;
  if (nrhs < 0) return CUSOLVER_STATUS_INVALID_VALUE;
  if (!sv::FitsInt(nrhs)) return CUSOLVER_STATUS_NOT_SUPPORTED;
  const char* call = "cuSOLVER call cusolverDnXgetrs";
  const int order = static_cast<int>(n), columns = static_cast<int>(nrhs), lda32 = static_cast<int>(lda),
            ldb32 = static_cast<int>(ldb);
  return sv::Dispatch(sv::Of(dataTypeA), [=](auto zero) {
    using T = decltype(zero);
    const T* a = static_cast<const T*>(A);
    T* b = static_cast<T*>(B);
    return sv::Run(call, h, [=] {
      LibraryOperand(call, "A", a, sv::MatrixBytes(order, order, lda32, sizeof(T)), OperandUse::kRead, h->stream);
      if (ipiv != nullptr) {
        LibraryOperand(call, "ipiv", ipiv, static_cast<std::size_t>(order) * sizeof(int64_t), OperandUse::kRead,
                       h->stream);
      }
      LibraryOperand(call, "B", b, sv::MatrixBytes(order, columns, ldb32, sizeof(T)), OperandUse::kReadWrite,
                     h->stream);
      int result = 0;
      if (order > 0 && columns > 0) {
        std::vector<int> pivots(static_cast<std::size_t>(order));
        for (int i = 0; i < order; ++i) pivots[static_cast<std::size_t>(i)] = ipiv != nullptr ? static_cast<int>(ipiv[i]) : i + 1;
        sv::LapackGetrs(sv::TransposeChar<T>(trans), order, columns, sv::Lapack(a), lda32, pivots.data(),
                        sv::Lapack(b), ldb32, &result);
      }
      sv::WriteInfo(call, info, result, h->stream);
      return CUSOLVER_STATUS_SUCCESS;
    });
  });
}

// A = L L^H (lower) or U^H U (upper), the other triangle not referenced.
cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t h, cusolverDnParams_t, cublasFillMode_t uplo, int64_t n,
                                  cudaDataType dataTypeA, void* A, int64_t lda, cudaDataType computeType, void*,
                                  size_t, void*, size_t, int* info) {
  if (cusolverStatus_t s = sv::Check(h, dataTypeA, computeType, n, n, lda, 0, 0); s != CUSOLVER_STATUS_SUCCESS) {
    return s;
  }
  if (uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER) return CUSOLVER_STATUS_INVALID_VALUE;
  const char* call = "cuSOLVER call cusolverDnXpotrf";
  const int order = static_cast<int>(n), ld = static_cast<int>(lda);
  return sv::Dispatch(sv::Of(dataTypeA), [=](auto zero) {
    using T = decltype(zero);
    T* a = static_cast<T*>(A);
    return sv::Run(call, h, [=] {
      LibraryOperand(call, "A", a, sv::MatrixBytes(order, order, ld, sizeof(T)), OperandUse::kReadWrite, h->stream);
      int result = 0;
      if (order > 0) sv::LapackPotrf(sv::UploChar(uplo), order, sv::Lapack(a), ld, &result);
      sv::WriteInfo(call, info, result, h->stream);
      return CUSOLVER_STATUS_SUCCESS;
    });
  });
}

cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t h, cusolverDnParams_t, cublasFillMode_t uplo, int64_t n,
                                  int64_t nrhs, cudaDataType dataTypeA, const void* A, int64_t lda,
                                  cudaDataType dataTypeB, void* B, int64_t ldb, int* info) {
  if (cusolverStatus_t s = sv::Check(h, dataTypeA, dataTypeB, n, n, lda, ldb, n); s != CUSOLVER_STATUS_SUCCESS) {
    return s;
  }
  if ((uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER) || nrhs < 0) {
    return CUSOLVER_STATUS_INVALID_VALUE;
  }
  if (!sv::FitsInt(nrhs)) return CUSOLVER_STATUS_NOT_SUPPORTED;
  const char* call = "cuSOLVER call cusolverDnXpotrs";
  const int order = static_cast<int>(n), columns = static_cast<int>(nrhs), lda32 = static_cast<int>(lda),
            ldb32 = static_cast<int>(ldb);
  return sv::Dispatch(sv::Of(dataTypeA), [=](auto zero) {
    using T = decltype(zero);
    const T* a = static_cast<const T*>(A);
    T* b = static_cast<T*>(B);
    return sv::Run(call, h, [=] {
      LibraryOperand(call, "A", a, sv::MatrixBytes(order, order, lda32, sizeof(T)), OperandUse::kRead, h->stream);
      LibraryOperand(call, "B", b, sv::MatrixBytes(order, columns, ldb32, sizeof(T)), OperandUse::kReadWrite,
                     h->stream);
      int result = 0;
      if (order > 0 && columns > 0) {
        sv::LapackPotrs(sv::UploChar(uplo), order, columns, sv::Lapack(a), lda32, sv::Lapack(b), ldb32, &result);
      }
      sv::WriteInfo(call, info, result, h->stream);
      return CUSOLVER_STATUS_SUCCESS;
    });
  });
}

// A = Q R: R in the upper triangle, Q as min(m, n) Householder reflectors below it and in tau.
cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t h, cusolverDnParams_t, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void* A, int64_t lda, cudaDataType dataTypeTau, void* tau,
                                  cudaDataType computeType, void*, size_t, void*, size_t, int* info) {
  if (cusolverStatus_t s = sv::Check(h, dataTypeA, computeType, m, n, lda, 0, 0); s != CUSOLVER_STATUS_SUCCESS) {
    return s;
  }
  if (dataTypeTau != dataTypeA) return CUSOLVER_STATUS_NOT_SUPPORTED;
  const char* call = "cuSOLVER call cusolverDnXgeqrf";
  const int rows = static_cast<int>(m), cols = static_cast<int>(n), ld = static_cast<int>(lda);
  return sv::Dispatch(sv::Of(dataTypeA), [=](auto zero) {
    using T = decltype(zero);
    T* a = static_cast<T*>(A);
    T* t = static_cast<T*>(tau);
    return sv::Run(call, h, [=] {
      const int steps = rows < cols ? rows : cols;
      LibraryOperand(call, "A", a, sv::MatrixBytes(rows, cols, ld, sizeof(T)), OperandUse::kReadWrite, h->stream);
      if (steps > 0) {
        LibraryOperand(call, "tau", t, static_cast<std::size_t>(steps) * sizeof(T), OperandUse::kWrite, h->stream);
      }
      int result = 0;
      if (steps > 0) {
        std::vector<typename sv::LapackElement<T>::type> work(static_cast<std::size_t>(cols > 1 ? cols : 1) * 64);
        sv::LapackGeqrf(rows, cols, sv::Lapack(a), ld, sv::Lapack(t), work.data(), static_cast<int>(work.size()),
                        &result);
      }
      sv::WriteInfo(call, info, result, h->stream);
      return CUSOLVER_STATUS_SUCCESS;
    });
  });
}

}  // extern "C"
