// thread_block and this_thread_block(): the calling thread's block as a group (docs/semantics/cg.md,
// CG-BLOCK). Its sync() is the block barrier, __syncthreads, with its rules: every thread of the
// block at the same call site.
#pragma once

#include "warpsafe/engine/cg/group_base.h"

namespace cooperative_groups {

class thread_block : public thread_group {
 public:
  static void sync(WarpsafeSite site = WarpsafeSite::Here()) {
    ::warpsafe::engine::SyncThreads(::warpsafe::engine::BarrierOp::kPlain, 0, site);
  }
  static unsigned int thread_rank() { return cg_detail::BlockThreadRank(); }
  static unsigned int size() { return cg_detail::BlockSize(); }
  static unsigned int num_threads() { return cg_detail::BlockSize(); }
  static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  static dim3 group_dim() { return dim_threads(); }

 private:
  thread_block()
      : thread_group(cg_detail::GroupType::kBlock, cg_detail::BlockSize(), cg_detail::BlockThreadRank(), 0u) {}
  friend thread_block this_thread_block();
};

inline thread_block this_thread_block() { return thread_block(); }

}  // namespace cooperative_groups
