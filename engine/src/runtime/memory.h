// Allocation as cudaMalloc does it, shared by the functions that allocate device memory
// (memory.cpp, mem_pool.cpp). Internal to the runtime.
#pragma once

#include <cstddef>

#include "driver_types.h"
#include "runtime/allocations.h"

namespace warpsafe::engine::runtime {

// Allocates `size` bytes of `kind` into *out: a null pointer for size 0 (CUDA's success), and
// cudaErrorMemoryAllocation above the host's physical memory; cudaErrorInvalidValue for a null out.
// `callers`: the program's call, for reports (AllocationInfo::callers).
cudaError_t AllocateInto(void** out, std::size_t size, AllocationKind kind, unsigned flags, const CallChain& callers);

}  // namespace warpsafe::engine::runtime
