// nvcc's host_defines.h (the __host__, __device__, ... qualifiers), which some programs include by
// name: the qualifiers come with the rest of the CUDA surface through cuda_runtime.h.
#pragma once
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__
#endif

#include "cuda_runtime.h"
