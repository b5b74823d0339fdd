// A cuSOLVER dense handle and what every call checks first. Internal to the engine's cuSOLVER
// (engine/src/cusolver, docs/semantics/libraries.md).
#pragma once

#include <cstddef>

#include "cusolverDn.h"
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

// The bytes of a column-major rows x cols matrix with leading dimension ld (0 when it is empty).
inline std::size_t MatrixBytes(int rows, int cols, int ld, std::size_t element) {
  if (rows <= 0 || cols <= 0) return 0;
  return (static_cast<std::size_t>(cols - 1) * static_cast<std::size_t>(ld) + static_cast<std::size_t>(rows)) * element;
}

// Writes devInfo, a device int the call's work writes.
void WriteInfo(const char* call, int* dev_info, int value, cudaStream_t stream);

}  // namespace warpsafe::engine::cusolver
