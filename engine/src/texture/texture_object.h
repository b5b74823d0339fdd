// A texture object as cudaCreateTextureObject made it: the descriptors the program passed (read
// back by cudaGetTextureObject*Desc) and the resource resolved into one shape for fetches.
#pragma once

#include <cstddef>

#include "cuda_runtime_api.h"
#include "texture/format.h"

namespace warpsafe::engine::texture {

struct TextureObject {
  cudaResourceDesc resource;
  cudaTextureDesc texture;
  cudaResourceViewDesc view;
  // The texels: width x height x depth of `format`, rows `row_pitch` bytes apart, slices
  // `slice_pitch`. `dims` is the array's dimensionality (1 for linear memory, 2 for pitch2D).
  const char* base;
  Format format;
  std::size_t extent[3];
  std::size_t row_pitch;
  std::size_t slice_pitch;
  int dims;
  bool linear_memory;  // cudaResourceTypeLinear: read by tex1Dfetch only
  // A layered array (cudaArrayLayered): `layers` slices, each a 1D (dims 1) or 2D texture; 0 for
  // an array that is not layered. A cubemap array (cudaArrayCubemap) has 6 faces a cube, each
  // face a slice; layered, it has `layers` cubes of 6 slices.
  std::size_t layers;
  bool cubemap;
};

// The live object of `handle`, or nullptr for one never made or already destroyed. The pointer
// stays valid until cudaDestroyTextureObject.
const TextureObject* FindTextureObject(cudaTextureObject_t handle);

}  // namespace warpsafe::engine::texture
