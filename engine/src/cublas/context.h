// A cuBLAS handle and the checks every routine makes before it touches memory. Internal to the
// engine's cuBLAS (engine/src/cublas, docs/semantics/libraries.md).
#pragma once

#include <cstddef>

#include "cublas_api.h"
#include "graph/library_capture.h"
#include "runtime/library_operand.h"

struct cublasContext {
  cudaStream_t stream = nullptr;
  cublasPointerMode_t pointer_mode = CUBLAS_POINTER_MODE_HOST;
  cublasMath_t math_mode = CUBLAS_DEFAULT_MATH;
  cublasAtomicsMode_t atomics_mode = CUBLAS_ATOMICS_NOT_ALLOWED;
  // The floating-point emulation settings (BLAS-11): kept and read back, changing no result.
  cublasEmulationStrategy_t emulation_strategy = CUBLAS_EMULATION_STRATEGY_DEFAULT;
  cudaEmulationSpecialValuesSupport special_values = CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT;
  cudaEmulationMantissaControl mantissa_control = CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC;
  int max_mantissa_bits = 0;
  int mantissa_bit_offset = 0;
};

namespace warpsafe::engine::cublas {

// True if `h` was returned by cublasCreate and not destroyed since.
bool IsLive(cublasHandle_t h);

// The status a routine returns before doing anything: NOT_INITIALIZED for a handle that is not
// live, EXECUTION_FAILED when the runtime holds a sticky error (the device is unusable, as after a
// trapped kernel), SUCCESS otherwise. Work issued to the handle's stream runs now, after
// everything issued to any stream before it: the engine's streams complete each operation when it
// is issued (engine/src/runtime/streams.cpp), so nothing is pending.
cublasStatus_t Begin(cublasHandle_t h);

// The work of a routine whose arguments passed its checks: `work(scalars...)` runs now, or, while
// the handle's stream captures, becomes a graph node run at each launch, the scalars that host
// pointer mode passes from host memory kept by value (graph/library_capture.h, GRAPH-LIB-1). Call
// after Begin(h) succeeded.
template <class Work, class... Scalars>
cublasStatus_t Run(const char* routine, cublasHandle_t h, Work work, Scalars... scalars) {
  return graph::RunLibraryWork(h->stream, routine, h->pointer_mode == CUBLAS_POINTER_MODE_HOST, CUBLAS_STATUS_SUCCESS,
                               CUBLAS_STATUS_EXECUTION_FAILED, work, scalars...);
}

// One operand of a call: `bytes` bytes from `p` that the routine uses on the device as `use`, on the
// stream of the handle last passed to Begin on this thread (runtime/library_operand.h). Memory the
// device cannot address (a host heap or stack pointer, or a range that runs past its allocation) is
// reported as an illegal address naming the routine and the operand, as the GPU faults inside the
// library's kernel; under `warpsafe check` the use is checked as device work (MEM-5).
void CheckOperand(const char* routine, const char* operand, const void* p, std::size_t bytes,
                  runtime::OperandUse use);

// True for a zero scalar: beta == 0 means C (y) is written and not read, as BLAS defines.
inline bool IsZero(float v) { return v == 0.0f; }
inline bool IsZero(double v) { return v == 0.0; }
inline bool IsZero(const cuComplex& v) { return v.x == 0.0f && v.y == 0.0f; }
inline bool IsZero(const cuDoubleComplex& v) { return v.x == 0.0 && v.y == 0.0; }
inline runtime::OperandUse OutputUse(bool beta_zero) {
  return beta_zero ? runtime::OperandUse::kWrite : runtime::OperandUse::kReadWrite;
}

// Bytes spanned by a strided vector of n elements (n > 0), and by a column-major matrix of
// `rows` x `cols` elements with leading dimension ld (rows, cols > 0).
inline std::size_t VectorBytes(int n, int inc, std::size_t element) {
  const long long step = inc < 0 ? -static_cast<long long>(inc) : inc;
  return (1 + static_cast<std::size_t>(n - 1) * static_cast<std::size_t>(step)) * element;
}
inline std::size_t MatrixBytes(int rows, int cols, int ld, std::size_t element) {
  return (static_cast<std::size_t>(cols - 1) * static_cast<std::size_t>(ld) + static_cast<std::size_t>(rows)) *
         element;
}

// op(X) of an operation code: N, T or C (the others are invalid values).
inline bool IsValidOp(cublasOperation_t op) { return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C; }

}  // namespace warpsafe::engine::cublas
