// nvcc's sm_20_intrinsics.hpp (the definitions behind sm_20_intrinsics.h): the engine defines them
// with the rest of the CUDA surface.
#pragma once

#include "cuda_runtime.h"
