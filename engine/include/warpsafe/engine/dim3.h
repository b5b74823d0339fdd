// uint3 and dim3, the index and extent types of CUDA's interface. They live apart from the rest of
// vector_types.h because the engine's own API (api.h) needs them without the whole CUDA surface.
#pragma once

struct uint3 {
  unsigned int x, y, z;
};
#ifndef __cplusplus
// C (a host .c file that includes the runtime API): the plain structs, named without `struct` as
// CUDA's C declarations name them.
typedef struct uint3 uint3;
typedef struct dim3 {
  unsigned int x, y, z;
} dim3;
#else

// An extent of a grid or a block: every dimension not given is 1, and it converts to and from uint3
// without loss (so `dim3 d = blockIdx;` and `uint3 u = d;` both work).
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int width = 1, unsigned int height = 1, unsigned int depth = 1)
      : x(width), y(height), z(depth) {}
  constexpr dim3(uint3 extent) : x(extent.x), y(extent.y), z(extent.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
#endif  // __cplusplus
