// nvcc's device_functions.h: the device intrinsics, which cuda_runtime.h already gathers.
#pragma once
#define __DEVICE_FUNCTIONS_H__

#include "cuda_runtime.h"
