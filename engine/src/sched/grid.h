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
  // The launch owns a copy of its closure and returns to the host before the grid finishes when
  // every running block waits without progress (kGridParked; docs/semantics/host_wait.md).
  bool may_park = false;
};

// Runs every thread of the grid to completion; called from host code with a configuration the
// runtime has already validated. Returns 0 (cudaSuccess) or the cudaError_t value that the failed
// kernel leaves behind (cudaErrorAssert after a device assert, cudaErrorLaunchFailure after a
// trap). Defects never return: they end the process with kExitDefect.
int RunGrid(const GridSpec& spec);

// Kernels that wait for the host (docs/semantics/host_wait.md). A launch with spec.may_park runs
// until every block still running has gone kParkSteps without progress (a spin on a flag in
// mapped or managed memory that only the host sets); RunGrid then returns kGridParked, keeping
// the blocks' lanes, stacks and shared memory (and a copy of `spec`), and the host goes on as on a
// GPU, whose launches are asynchronous. At most one grid is parked at a time; the runtime defers
// every other grid until it finishes (runtime/host_wait.h). ResumeParkedGrid runs it on: to the
// end (the result RunGrid would have returned), or, when `may_park` and it stalls again, parked
// again (kGridParked). Without `may_park` a grid that cannot go on is reported as before
// (livelock, hang). It must be called from the host thread that launched the grid (whose worker
// holds one of its blocks).
inline constexpr int kGridParked = -1;
int ResumeParkedGrid(bool may_park);
bool GridParked();
// The most threads a cooperative launch may have on the engine: all of them are resident at
// once, each with its own guard-paged stack (two memory mappings), and a process has about 65536
// mappings in all (vm.max_map_count).
inline constexpr unsigned kMaxResidentThreads = 24576;

}  // namespace warpsafe::engine
