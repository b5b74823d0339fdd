// NVTX before CUDA 12 shipped nvToolsExtCuda.h at the top of the include
// directory; the engine has it as nvtx3/nvToolsExtCuda.h.
#pragma once

#include "nvtx3/nvToolsExtCuda.h"
