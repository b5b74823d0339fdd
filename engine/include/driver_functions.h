// nvcc's driver_functions.h: constructors of the runtime's 3D copy descriptors.
#pragma once
#define __DRIVER_FUNCTIONS_H__

#include "driver_types.h"

inline cudaPitchedPtr make_cudaPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) {
  return cudaPitchedPtr{d, p, xsz, ysz};
}
inline cudaPos make_cudaPos(size_t x, size_t y, size_t z) { return cudaPos{x, y, z}; }
inline cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) { return cudaExtent{w, h, d}; }
