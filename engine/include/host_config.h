// nvcc's host_config.h, which some programs include by name: what it declares comes with the rest
// of the CUDA surface through cuda_runtime.h.
#pragma once

#include "cuda_runtime.h"
