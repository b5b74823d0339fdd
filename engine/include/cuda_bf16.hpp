// nvcc's cuda_bf16.hpp (the definitions behind cuda_bf16.h): the engine defines __nv_bfloat16 in
// cuda_bf16.h.
#pragma once
#define __CUDA_BF16_HPP__

#include "cuda_bf16.h"
