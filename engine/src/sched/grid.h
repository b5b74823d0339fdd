// The boundary between the runtime API (which validates launches and keeps CUDA's error state) and
// the scheduler (which runs the threads). Internal to the engine.
#pragma once

#include <cstddef>

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
};

// Runs every thread of the grid to completion; called from host code with a configuration the
// runtime has already validated. Returns 0 (cudaSuccess) or the cudaError_t value that the failed
// kernel leaves behind (cudaErrorAssert after a device assert, cudaErrorLaunchFailure after a
// trap). Defects never return: they end the process with kExitDefect.
int RunGrid(const GridSpec& spec);

}  // namespace warpsafe::engine
