// nvcc's driver_functions.h: constructors of the runtime's 3D copy descriptors.
#pragma once
#define __DRIVER_FUNCTIONS_H__

#include "driver_types.h"

#ifndef __cplusplus
// C: the same constructors, as static __inline__ functions over the struct tags.
static __inline__ struct cudaPitchedPtr make_cudaPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) {
  struct cudaPitchedPtr v = {d, p, xsz, ysz};
  return v;
}
static __inline__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
  struct cudaPos v = {x, y, z};
  return v;
}
static __inline__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
  struct cudaExtent v = {w, h, d};
  return v;
}
#else
inline cudaPitchedPtr make_cudaPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) {
  return cudaPitchedPtr{d, p, xsz, ysz};
}
inline cudaPos make_cudaPos(size_t x, size_t y, size_t z) { return cudaPos{x, y, z}; }
inline cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) { return cudaExtent{w, h, d}; }
#endif  // __cplusplus
