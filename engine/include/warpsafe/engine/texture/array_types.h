// CUDA arrays and their texel formats: the channel descriptor, the array flags, and the opaque
// array handle (declared with the graph types, which name it in copy parameters). Part of the
// runtime's types (driver_types.h includes this file at its end); the functions are in
// cuda_runtime_api.h and engine/src/texture.
#pragma once

#include "driver_types.h"

// How a texel's channels are stored: each of x, y, z, w is a width in bits (0: no such channel).
enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};

struct cudaChannelFormatDesc {
  int x;
  int y;
  int z;
  int w;
  enum cudaChannelFormatKind f;
};

typedef struct cudaMipmappedArray* cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray* cudaMipmappedArray_const_t;

// cudaMallocArray / cudaMalloc3DArray flags. The engine's arrays are 1D, 2D and 3D arrays and
// (cudaMalloc3DArray only) 1D and 2D layered arrays and cubemap and layered cubemap arrays.
// cudaArraySurfaceLoadStore lets surfaces access the array (docs/semantics/surface.md);
// cudaArrayTextureGather changes nothing.
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
