// The per-thread runtime calls of CUDA 3.x, deprecated since CUDA 4.0 and gone from CUDA 13's
// headers, which older programs still call: each does what its cudaDevice* successor does
// (engine/src/runtime/device.cpp). cudaThreadSynchronize is in cuda_runtime_api.h.
#pragma once

#include <cstddef>

#include "driver_types.h"

extern "C" {
cudaError_t cudaThreadExit(void);
cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaThreadGetLimit(size_t* value, enum cudaLimit limit);
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache* cacheConfig);
}
