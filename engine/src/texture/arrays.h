// CUDA arrays: texels laid out row after row and slice after slice with no padding, in one
// cudaMalloc allocation, so that copies into them and fetches from them are accesses of device
// memory that the checker sees as any other.
#pragma once

#include "cuda_runtime_api.h"
#include "texture/format.h"

struct cudaArray {
  cudaChannelFormatDesc desc;
  warpsafe::engine::texture::Format format;
  cudaExtent extent;  // as allocated: height 0 for 1D, depth 0 for 1D and 2D (layered: depth = layers)
  unsigned flags;
  char* data;
  std::size_t row_bytes;  // width * texel bytes: the pitch of a row
  std::size_t rows;       // max(height, 1)
  std::size_t slices;     // max(depth, 1): the layers of a layered array
};

namespace warpsafe::engine::texture {

// The live array `a`, or nullptr for one never made or already freed.
const cudaArray* FindArray(const void* a);

}  // namespace warpsafe::engine::texture
