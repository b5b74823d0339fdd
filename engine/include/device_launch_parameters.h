// nvcc's device_launch_parameters.h declares threadIdx, blockIdx, blockDim, gridDim and warpSize;
// here they come with the rest of the CUDA surface.
#pragma once

#include "cuda_runtime.h"
