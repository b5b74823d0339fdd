// nvcc's crt/storage_class.h, an internal part of its CUDA surface that some programs include by
// name: the engine's surface comes through cuda_runtime.h.
#pragma once

#include "../cuda_runtime.h"
