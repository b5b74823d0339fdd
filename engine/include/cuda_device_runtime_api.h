// nvcc's cuda_device_runtime_api.h (the runtime API as device code sees it). The engine has one
// runtime for host and device code, declared by cuda_runtime_api.h; launching kernels from device
// code (dynamic parallelism) is reported as unsupported.
#pragma once
#define __CUDA_DEVICE_RUNTIME_API_H__

#include "cuda_runtime.h"
