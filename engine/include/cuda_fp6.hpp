// nvcc's cuda_fp6.hpp (the definitions behind cuda_fp6.h): the engine defines the fp6 types in
// cuda_fp6.h.
#pragma once

#include "cuda_fp6.h"
