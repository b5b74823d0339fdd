// nvcc's sm_32_intrinsics.hpp (the definitions behind sm_32_intrinsics.h): the engine defines them
// with the rest of the CUDA surface.
#pragma once

#include "cuda_runtime.h"
