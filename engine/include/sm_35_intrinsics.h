// nvcc's sm_35_intrinsics.h, which some programs include by name: its functions come with the rest of the CUDA
// surface through cuda_runtime.h.
#pragma once
#define __SM_35_INTRINSICS_H__

#include "cuda_runtime.h"
