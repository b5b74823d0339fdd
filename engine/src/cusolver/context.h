// A cuSOLVER dense handle and what every call checks first. Internal to the engine's cuSOLVER
// (engine/src/cusolver, docs/semantics/libraries.md).
#pragma once

#include <complex>
#include <cstddef>
#include <type_traits>

#include "cusolverDn.h"
#include "graph/library_capture.h"
#include "runtime/library_operand.h"

struct cusolverDnContext {
  cudaStream_t stream = nullptr;
};

namespace warpsafe::engine::cusolver {

// True if `h` was returned by cusolverDnCreate and not destroyed since.
bool IsLive(cusolverDnHandle_t h);

// The status a computing call returns before doing anything: NOT_INITIALIZED for a handle that is
// not live, EXECUTION_FAILED while the runtime holds a sticky error, SUCCESS otherwise. Work issued
// to the handle's stream runs now: the engine's streams complete each operation when it is issued.
cusolverStatus_t Begin(cusolverDnHandle_t h);

// The work of a call whose arguments passed their checks: runs now, or, while the handle's stream
// captures, becomes a graph node run at each launch (graph/library_capture.h, GRAPH-LIB-1).
template <class Work>
cusolverStatus_t Run(const char* call, cusolverDnHandle_t h, Work work) {
  return graph::RunLibraryWork(h->stream, call, false, CUSOLVER_STATUS_SUCCESS, CUSOLVER_STATUS_EXECUTION_FAILED,
                               work);
}

// The bytes of a column-major rows x cols matrix with leading dimension ld (0 when it is empty).
inline std::size_t MatrixBytes(int rows, int cols, int ld, std::size_t element) {
  if (rows <= 0 || cols <= 0) return 0;
  return (static_cast<std::size_t>(cols - 1) * static_cast<std::size_t>(ld) + static_cast<std::size_t>(rows)) * element;
}

// The element type LAPACK computes with for a cuSOLVER element type (std::complex for the cuComplex
// pairs, whose layout is the same), and a pointer converted to it.
template <class T> struct LapackElement { using type = T; };
template <> struct LapackElement<cuComplex> { using type = std::complex<float>; };
template <> struct LapackElement<cuDoubleComplex> { using type = std::complex<double>; };
template <class T> typename LapackElement<T>::type* Lapack(T* p) {
  return reinterpret_cast<typename LapackElement<T>::type*>(p);
}
template <class T> const typename LapackElement<T>::type* Lapack(const T* p) {
  return reinterpret_cast<const typename LapackElement<T>::type*>(p);
}

// The LAPACK character of a transpose code: N, T, or for complex elements C (for real elements the
// conjugate transpose is the transpose).
template <class T> char TransposeChar(cublasOperation_t op) {
  if (op == CUBLAS_OP_N) return 'N';
  if (op == CUBLAS_OP_C && !std::is_same_v<T, typename LapackElement<T>::type>) return 'C';
  return 'T';
}

// Writes devInfo, a device int the call's work writes.
void WriteInfo(const char* call, int* dev_info, int value, cudaStream_t stream);

// Every dense routine's _bufferSize query. The engine keeps its own workspace, so one element is
// asked for (a program's allocation of it is never of zero bytes); like cuSOLVER, the query checks
// only the handle and the output.
cusolverStatus_t WorkspaceSize(cusolverDnHandle_t h, int* lwork);

}  // namespace warpsafe::engine::cusolver
