// A surface object as cudaCreateSurfaceObject made it: the resource description the program passed
// (read back by cudaGetSurfaceObjectResourceDesc) and the array it reads and writes.
#pragma once

#include "cuda_runtime_api.h"

namespace warpsafe::engine::surface {

struct SurfaceObject {
  cudaResourceDesc resource;
  const cudaArray* array;
};

// The live object of `handle`, copied, or false for one never made or already destroyed.
bool FindSurfaceObject(cudaSurfaceObject_t handle, SurfaceObject* out);

}  // namespace warpsafe::engine::surface
