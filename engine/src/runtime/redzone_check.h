// Writes outside a runtime block, found by `warpsafe run` too (docs/semantics/redzones.md,
// REDZONE-4). Every block Allocate makes is surrounded by red zones filled with kUninitializedByte
// (allocations.h). `run` checks no load or store, so a kernel that writes past the end of a
// cudaMalloc block went unseen there, and when it went further than the red zone it wrote into the
// C allocator's own records: the program died later in free() with glibc's "invalid next size",
// far from the write. Blocks below kHugePageMinimumBlock now sit in mappings of their own that end in
// inaccessible pages (allocations.h, kGuardedBlockLimit): a write past the red zone faults at once,
// and the fault handler reports it as out of bounds at the thread and line. The red zones are looked at at two moments when reading them is
// cheap and the process is still sound: when a grid finishes, and before a block is freed. The
// report is an out-of-bounds access naming the block, the offset of the first byte written and when
// it was found; `warpsafe check` names the thread and the line of the access itself.
#pragma once

#include <string>

#include "runtime/allocations.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::runtime {

// After the grid of `kernel_name` launched at `site` finished: reports (exit 66) the first live
// block whose red zones were written. Looks at the lowest kMaxCheckedBlocks blocks.
void CheckRedzonesAfterGrid(const char* kernel_name, Site site);
// Before `call` (cudaFree, cudaFreeHost) frees the block at `base`: reports it if its red zones
// were written, at the program's line of the call.
void CheckRedzonesBeforeFree(const void* base, const char* call);

// "cudaMalloc block of 2048 bytes (the program's 4th allocation, made at scan.cu:31)".
std::string DescribeBlock(const AllocationInfo& info);

// A bound on the blocks scanned at the end of each grid (512 bytes each), so that a program with
// millions of small allocations does not pay for all of them at every launch.
inline constexpr std::size_t kMaxCheckedBlocks = 1024;

}  // namespace warpsafe::engine::runtime
