// NVTX before CUDA 12 shipped nvToolsExtCudaRt.h at the top of the include
// directory; the engine has it as nvtx3/nvToolsExtCudaRt.h.
#pragma once

#include "nvtx3/nvToolsExtCudaRt.h"
