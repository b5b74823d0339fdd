#include "sched/builtin_variables.h"

namespace warpsafe::engine {

// Every thread starts outside any kernel.
__thread ThreadIdxSlot builtin_thread_idx = {{kBuiltinPoison, kBuiltinPoison, kBuiltinPoison}, 0};
__thread uint3 builtin_block_idx = {kBuiltinPoison, kBuiltinPoison, kBuiltinPoison};
__thread dim3 builtin_block_dim = dim3(kBuiltinPoison, kBuiltinPoison, kBuiltinPoison);
__thread dim3 builtin_grid_dim = dim3(kBuiltinPoison, kBuiltinPoison, kBuiltinPoison);

void LeaveBlock() {
  const uint3 poison{kBuiltinPoison, kBuiltinPoison, kBuiltinPoison};
  builtin_thread_idx.value = poison;
  builtin_block_idx = poison;
  builtin_block_dim = poison;
  builtin_grid_dim = poison;
}

}  // namespace warpsafe::engine
