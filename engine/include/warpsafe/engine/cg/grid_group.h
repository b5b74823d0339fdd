// grid_group and this_grid(): every thread of the launch (docs/semantics/cg.md, CG-GRID-*). Its
// sync() needs a cooperative launch (cudaLaunchCooperativeKernel), where the engine keeps every
// block resident (sched/cooperative_grid.cpp); anywhere else it is reported.
#pragma once

#include "warpsafe/engine/cg/group_base.h"

namespace cooperative_groups {

class grid_group {
 public:
  // True only in a cooperative launch, where grid.sync() is allowed.
  bool is_valid(WarpsafeSite site = WarpsafeSite::Here()) const {
    return ::warpsafe::engine::InCooperativeLaunch(site);
  }
  void sync(WarpsafeSite site = WarpsafeSite::Here()) const { ::warpsafe::engine::GridSync(site); }

  static dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  static dim3 group_dim() { return dim_blocks(); }
  static unsigned long long num_blocks() { return 1ull * gridDim.x * gridDim.y * gridDim.z; }
  static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static unsigned long long block_rank() {
    return blockIdx.x + 1ull * gridDim.x * (blockIdx.y + 1ull * gridDim.y * blockIdx.z);
  }
  static dim3 dim_threads() {
    return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z);
  }
  static unsigned long long num_threads() { return num_blocks() * cg_detail::BlockSize(); }
  static unsigned long long size() { return num_threads(); }
  static dim3 thread_index() {
    return dim3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y,
                blockIdx.z * blockDim.z + threadIdx.z);
  }
  static unsigned long long thread_rank() { return block_rank() * cg_detail::BlockSize() + cg_detail::BlockThreadRank(); }

 private:
  grid_group() = default;
  friend grid_group this_grid();
};

inline grid_group this_grid() { return grid_group(); }

}  // namespace cooperative_groups
