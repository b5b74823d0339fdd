// nvcc's device_functions.h: the device intrinsics, which cuda_runtime.h already gathers.
#pragma once

#include "cuda_runtime.h"
