// nvcc's cuda_fp4.hpp (the definitions behind cuda_fp4.h): the engine defines the fp4 types in
// cuda_fp4.h.
#pragma once

#include "cuda_fp4.h"
