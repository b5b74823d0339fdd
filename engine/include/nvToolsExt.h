// NVTX before CUDA 12 shipped nvToolsExt.h at the top of the include
// directory; the engine has it as nvtx3/nvToolsExt.h.
#pragma once

#include "nvtx3/nvToolsExt.h"
