// nvcc's builtin_types.h, which some programs include by name: what it declares comes with the rest
// of the CUDA surface through cuda_runtime.h.
#pragma once

#include "cuda_runtime.h"
