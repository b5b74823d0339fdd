// cudaCreateSurfaceObject and its companions (SURFOBJ-1). Handles count up from 1 and are never
// reused, so a handle that names no live object is always told apart from a live one (an access
// through it is reported, never served by a later object).
#include <mutex>
#include <unordered_map>

#include "runtime/runtime_call.h"
#include "surface/surface_object.h"
#include "texture/arrays.h"

namespace warpsafe::engine::surface {
namespace {

std::mutex g_objects_mutex;
cudaSurfaceObject_t g_next_handle = 1;
std::unordered_map<cudaSurfaceObject_t, SurfaceObject>& Objects() {
  static auto* objects = new std::unordered_map<cudaSurfaceObject_t, SurfaceObject>;
  return *objects;
}

}  // namespace

bool FindSurfaceObject(cudaSurfaceObject_t handle, SurfaceObject* out) {
  std::lock_guard<std::mutex> lock(g_objects_mutex);
  auto it = Objects().find(handle);
  if (it == Objects().end()) return false;
  *out = it->second;
  return true;
}

}  // namespace warpsafe::engine::surface

namespace sf = warpsafe::engine::surface;
namespace rt = warpsafe::engine::runtime;

// Only a CUDA array can back a surface. An array made without cudaArraySurfaceLoadStore is
// accepted here, as the GPU accepts it (recorded: cudaSuccess); an access through the object is
// then reported (SURFOBJ-2).
extern "C" cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* pSurfObject, const cudaResourceDesc* pResDesc) {
  return rt::Call([&] {
    if (pSurfObject == nullptr || pResDesc == nullptr) return cudaErrorInvalidValue;
    if (pResDesc->resType != cudaResourceTypeArray) return cudaErrorInvalidValue;
    const cudaArray* a = warpsafe::engine::texture::FindArray(pResDesc->res.array.array);
    if (a == nullptr) return cudaErrorInvalidResourceHandle;
    std::lock_guard<std::mutex> lock(sf::g_objects_mutex);
    *pSurfObject = sf::g_next_handle++;
    sf::Objects().emplace(*pSurfObject, sf::SurfaceObject{*pResDesc, a});
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  return rt::Call([&] {
    if (surfObject == 0) return cudaSuccess;  // as the GPU answers (recorded)
    std::lock_guard<std::mutex> lock(sf::g_objects_mutex);
    return sf::Objects().erase(surfObject) == 1 ? cudaSuccess : cudaErrorInvalidValue;
  });
}

extern "C" cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* pResDesc, cudaSurfaceObject_t surfObject) {
  return rt::Call([&] {
    sf::SurfaceObject o;
    if (pResDesc == nullptr || !sf::FindSurfaceObject(surfObject, &o)) return cudaErrorInvalidValue;
    *pResDesc = o.resource;
    return cudaSuccess;
  });
}
