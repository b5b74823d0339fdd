// nvcc's sm_35_atomic_functions.h: its functions come with the rest of the CUDA surface through
// cuda_runtime.h.
#pragma once
#define __SM_35_ATOMIC_FUNCTIONS_H__

#include "cuda_runtime.h"
