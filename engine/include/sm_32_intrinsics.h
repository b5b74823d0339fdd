// nvcc's sm_32_intrinsics.h, which some programs include by name: its functions come with the rest of the CUDA
// surface through cuda_runtime.h.
#pragma once
#define __SM_32_INTRINSICS_H__

#include "cuda_runtime.h"
