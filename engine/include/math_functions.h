// nvcc's math_functions.h, which some programs include by name: its functions come with the rest of the CUDA
// surface through cuda_runtime.h.
#pragma once
#define __MATH_FUNCTIONS_H__

#include "cuda_runtime.h"
