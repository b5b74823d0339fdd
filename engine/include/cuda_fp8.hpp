// nvcc's cuda_fp8.hpp (the definitions behind cuda_fp8.h): the engine defines the fp8 types in
// cuda_fp8.h.
#pragma once

#include "cuda_fp8.h"
