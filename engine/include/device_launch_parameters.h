// nvcc's device_launch_parameters.h declares threadIdx, blockIdx, blockDim, gridDim and warpSize;
// here they come with the rest of the CUDA surface.
#pragma once
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "cuda_runtime.h"
