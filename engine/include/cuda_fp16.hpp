// nvcc's cuda_fp16.hpp (the definitions behind cuda_fp16.h): the engine defines __half in
// cuda_fp16.h.
#pragma once
#define __CUDA_FP16_HPP__

#include "cuda_fp16.h"
