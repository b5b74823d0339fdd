// cluster_group and this_cluster() (sm_90; docs/semantics/cg.md, CG-CLUSTER). The engine launches
// no thread block clusters (it has no cudaLaunchKernelEx cluster attribute or __cluster_dims__), so
// every launch has CUDA's implicit clusters of one block: the cluster is the calling block, its
// sync() is the block barrier, and map_shared_rank reaches only rank 0 (the block itself).
#pragma once

#include "warpsafe/engine/cg/partition.h"

namespace cooperative_groups {

#if __WARPSAFE_ARCH__ >= 900
class cluster_group {
 public:
  static void sync(WarpsafeSite site = WarpsafeSite::Here()) { thread_block::sync(site); }
  static dim3 block_index() { return dim3(0, 0, 0); }
  static unsigned int block_rank() { return 0; }
  static dim3 dim_blocks() { return dim3(1, 1, 1); }
  static unsigned int num_blocks() { return 1; }
  static dim3 thread_index() { return thread_block::thread_index(); }
  static unsigned int thread_rank() { return thread_block::thread_rank(); }
  static dim3 dim_threads() { return thread_block::dim_threads(); }
  static unsigned int num_threads() { return thread_block::num_threads(); }
  static unsigned int size() { return num_threads(); }
  static bool is_valid() { return true; }
  static unsigned int query_shared_rank(const void*) { return 0; }
  template <class T>
  static T* map_shared_rank(T* addr, int rank, WarpsafeSite site = WarpsafeSite::Here()) {
    if (rank != 0) {
      ::warpsafe::engine::GroupUnsupported("map_shared_rank to another block of the cluster: the engine runs no "
                                           "thread block clusters, so each cluster is one block",
                                           site);
    }
    return addr;
  }

 private:
  cluster_group() = default;
  friend cluster_group this_cluster();
};

inline cluster_group this_cluster() { return cluster_group(); }
#else
// nvcc provides cluster groups only when building for sm_90 or later.
template <class... A>
void this_cluster(A...) {
  static_assert(sizeof...(A) == 0 && false, "this_cluster() requires sm_90 or later (build with --arch sm_90)");
}
#endif

}  // namespace cooperative_groups
