// The engine's side of threadIdx, blockIdx, blockDim and gridDim (warpsafe/engine/
// builtin_variables.h): the same thread-local objects, writable here, under the names device code
// links against. Internal to the scheduler; a translation unit of the engine never includes the
// program's const declarations.
#pragma once

#include <cstddef>
#include <cstring>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// threadIdx with room for a 16-byte store: EnterLane copies the lane's thread index together with
// the 4 bytes after it in the lane's view (one load, one store; `pad` takes those 4 bytes and
// nothing reads it). Device code sees only the uint3 at the start, under the name threadIdx.
struct alignas(16) ThreadIdxSlot {
  uint3 value;
  unsigned pad;
};
static_assert(sizeof(ThreadIdxSlot) == 16 && offsetof(LaneView, thread_idx) == 0 && sizeof(LaneView) >= 16);

// local-exec: the engine is linked into executables only (see tls_lane in sched/lane.h).
extern __thread ThreadIdxSlot builtin_thread_idx __asm__("threadIdx") __attribute__((tls_model("local-exec")));
extern __thread uint3 builtin_block_idx __asm__("blockIdx") __attribute__((tls_model("local-exec")));
extern __thread dim3 builtin_block_dim __asm__("blockDim") __attribute__((tls_model("local-exec")));
extern __thread dim3 builtin_grid_dim __asm__("gridDim") __attribute__((tls_model("local-exec")));

// A worker starts running the block whose lanes share `view`'s block values.
inline void EnterBlock(const LaneView& view) {
  builtin_block_idx = view.block_idx;
  builtin_block_dim = view.block_dim;
  builtin_grid_dim = view.grid_dim;
}
// The scheduler switches to the lane whose values are `view`: called on every switch.
inline void EnterLane(const LaneView& view) { std::memcpy(&builtin_thread_idx, &view, sizeof builtin_thread_idx); }
// The worker leaves the block: host code after it reads poison again.
void LeaveBlock();

}  // namespace warpsafe::engine
