// nvcc's cuda_profiler_api.h: start and stop a profiler's data collection. No profiler attaches to
// the engine, so both only check the runtime's state (runtime/profiler.cpp).
#pragma once
#define __CUDA_PROFILER_API_H__

#include "cuda_runtime_api.h"

extern "C" {
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
}
