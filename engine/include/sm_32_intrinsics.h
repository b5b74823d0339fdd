// nvcc's sm_32_intrinsics.h, which some programs include by name: its functions come with the rest of the CUDA
// surface through cuda_runtime.h.
#pragma once

#include "cuda_runtime.h"
