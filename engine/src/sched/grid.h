// The boundary between the runtime API (which validates launches and keeps CUDA's error state) and
// the scheduler (which runs the threads). Internal to the engine.
#pragma once

#include <cstddef>
#include <cstdint>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

struct GridSpec {
  dim3 grid;
  dim3 block;
  std::size_t dynamic_smem;
  KernelEntry entry;
  void* closure;
  const char* kernel_name;
  Site site;
  // Launched with cudaLaunchCooperativeKernel: every block is resident at once, and grid.sync()
  // is allowed (sched/cooperative_grid.cpp).
  bool cooperative = false;
  // The cudaStream_t it was launched on (null: the legacy default stream), for the checker's
  // ordering of library calls against launches (race/library_access.cpp).
  const void* stream = nullptr;
  std::size_t closure_size = 0;  // LaunchSpec::closure_size
  // Its id in the checker's stream order when it was issued before it runs (runtime/held_launch.h);
  // 0: it takes one when it starts.
  std::uint32_t order_id = 0;
  // The family of grids its threads launch from device code (runtime/child_launches.h); null where
  // a launch from device code cannot be kept.
  void* children = nullptr;
};

// Runs every thread of the grid to completion; called from host code with a configuration the
// runtime has already validated. Returns 0 (cudaSuccess) or the cudaError_t value that the failed
// kernel leaves behind (cudaErrorAssert after a device assert, cudaErrorLaunchFailure after a
// trap). Defects never return: they end the process with kExitDefect.
int RunGrid(const GridSpec& spec);
// The most threads a cooperative launch may have on the engine: all of them are resident at
// once, each with its own guard-paged stack (two memory mappings), and a process has about 65536
// mappings in all (vm.max_map_count).
inline constexpr unsigned kMaxResidentThreads = 24576;

}  // namespace warpsafe::engine
