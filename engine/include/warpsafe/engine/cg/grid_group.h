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

  static dim3 dim_blocks() { return View().grid_dim; }
  static dim3 group_dim() { return dim_blocks(); }
  static unsigned long long num_blocks() {
    const dim3 g = View().grid_dim;
    return 1ull * g.x * g.y * g.z;
  }
  static dim3 block_index() {
    const ::warpsafe::engine::LaneView& v = View();
    return dim3(v.block_idx.x, v.block_idx.y, v.block_idx.z);
  }
  static unsigned long long block_rank() {
    const ::warpsafe::engine::LaneView& v = View();
    return v.block_idx.x + 1ull * v.grid_dim.x * (v.block_idx.y + 1ull * v.grid_dim.y * v.block_idx.z);
  }
  static dim3 dim_threads() {
    const ::warpsafe::engine::LaneView& v = View();
    return dim3(v.grid_dim.x * v.block_dim.x, v.grid_dim.y * v.block_dim.y, v.grid_dim.z * v.block_dim.z);
  }
  static unsigned long long num_threads() { return num_blocks() * cg_detail::BlockSize(); }
  static unsigned long long size() { return num_threads(); }
  static dim3 thread_index() {
    const ::warpsafe::engine::LaneView& v = View();
    return dim3(v.block_idx.x * v.block_dim.x + v.thread_idx.x, v.block_idx.y * v.block_dim.y + v.thread_idx.y,
                v.block_idx.z * v.block_dim.z + v.thread_idx.z);
  }
  static unsigned long long thread_rank() { return block_rank() * cg_detail::BlockSize() + cg_detail::BlockThreadRank(); }

 private:
  grid_group() = default;
  static const ::warpsafe::engine::LaneView& View() { return ::warpsafe::engine::CurrentLane("grid_group"); }
  friend grid_group this_grid();
};

inline grid_group this_grid() { return grid_group(); }

}  // namespace cooperative_groups
