// nvcc's device_atomic_functions.hpp (the definitions behind device_atomic_functions.h): the engine
// defines them with the rest of the CUDA surface.
#pragma once

#include "cuda_runtime.h"
