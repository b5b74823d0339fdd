// cudaCreateTextureObject and its companions. Handles count up from 1 and are never reused, so a
// handle that names no live object is always told apart from a live one (a fetch through it is
// reported, never served from a later object).
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "runtime/runtime_call.h"
#include "texture/arrays.h"
#include "texture/texture_object.h"

namespace warpsafe::engine::texture {
namespace {

std::mutex g_objects_mutex;
cudaTextureObject_t g_next_handle = 1;
std::unordered_map<cudaTextureObject_t, std::unique_ptr<TextureObject>>& Objects() {
  static auto* objects = new std::unordered_map<cudaTextureObject_t, std::unique_ptr<TextureObject>>;
  return *objects;
}

bool ValidAddressMode(cudaTextureAddressMode m) {
  return m == cudaAddressModeWrap || m == cudaAddressModeClamp || m == cudaAddressModeMirror ||
         m == cudaAddressModeBorder;
}

// Resolves the resource into `o`'s texel shape; CUDA's errors for what it refuses.
cudaError_t Resolve(const cudaResourceDesc& r, TextureObject* o) {
  switch (r.resType) {
    case cudaResourceTypeArray: {
      const cudaArray* a = FindArray(r.res.array.array);
      if (a == nullptr) return cudaErrorInvalidResourceHandle;
      o->base = a->data;
      o->format = a->format;
      o->extent[0] = a->extent.width;
      o->extent[1] = a->rows;
      o->extent[2] = a->slices;
      o->row_pitch = a->row_bytes;
      o->slice_pitch = a->row_bytes * a->rows;
      o->dims = a->extent.depth != 0 ? 3 : a->extent.height != 0 ? 2 : 1;
      o->cubemap = (a->flags & cudaArrayCubemap) != 0;
      if ((a->flags & cudaArrayLayered) != 0 || o->cubemap) {
        // Slices are layers (or faces): each a 1D or 2D texture of its own.
        o->dims = a->extent.height != 0 ? 2 : 1;
        o->layers = o->cubemap ? a->slices / 6 : a->slices;
        if ((a->flags & cudaArrayLayered) == 0) o->layers = 0;
      }
      return cudaSuccess;
    }
    case cudaResourceTypeLinear: {
      if (r.res.linear.devPtr == nullptr || !ReadFormat(r.res.linear.desc, &o->format)) return cudaErrorInvalidValue;
      o->base = static_cast<const char*>(r.res.linear.devPtr);
      o->extent[0] = r.res.linear.sizeInBytes / o->format.TexelBytes();
      o->extent[1] = o->extent[2] = 1;
      o->row_pitch = o->slice_pitch = r.res.linear.sizeInBytes;
      o->dims = 1;
      o->linear_memory = true;
      return cudaSuccess;
    }
    case cudaResourceTypePitch2D: {
      const auto& p = r.res.pitch2D;
      if (p.devPtr == nullptr || !ReadFormat(p.desc, &o->format) || p.width == 0 || p.height == 0 ||
          p.width * o->format.TexelBytes() > p.pitchInBytes) {
        return cudaErrorInvalidValue;
      }
      o->base = static_cast<const char*>(p.devPtr);
      o->extent[0] = p.width;
      o->extent[1] = p.height;
      o->extent[2] = 1;
      o->row_pitch = p.pitchInBytes;
      o->slice_pitch = p.pitchInBytes * p.height;
      o->dims = 2;
      return cudaSuccess;
    }
    case cudaResourceTypeMipmappedArray:
      return cudaErrorNotSupported;  // the engine has no mipmapped arrays
  }
  return cudaErrorInvalidValue;
}

}  // namespace

const TextureObject* FindTextureObject(cudaTextureObject_t handle) {
  std::lock_guard<std::mutex> lock(g_objects_mutex);
  auto it = Objects().find(handle);
  return it == Objects().end() ? nullptr : it->second.get();
}

}  // namespace warpsafe::engine::texture

namespace tx = warpsafe::engine::texture;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaCreateTextureObject(cudaTextureObject_t* pTexObject, const cudaResourceDesc* pResDesc,
                                               const cudaTextureDesc* pTexDesc,
                                               const cudaResourceViewDesc* pResViewDesc) {
  return rt::Call([&] {
    if (pTexObject == nullptr || pResDesc == nullptr || pTexDesc == nullptr) return cudaErrorInvalidValue;
    if (pResViewDesc != nullptr) return cudaErrorNotSupported;  // resource views: not provided
    auto o = std::make_unique<tx::TextureObject>();  // value-initialized: zeros
    o->resource = *pResDesc;
    o->texture = *pTexDesc;
    for (cudaTextureAddressMode m : pTexDesc->addressMode)
      if (!tx::ValidAddressMode(m)) return cudaErrorInvalidValue;
    if (pTexDesc->filterMode != cudaFilterModePoint && pTexDesc->filterMode != cudaFilterModeLinear)
      return cudaErrorInvalidValue;
    if (pTexDesc->readMode != cudaReadModeElementType && pTexDesc->readMode != cudaReadModeNormalizedFloat)
      return cudaErrorInvalidValue;
    if (cudaError_t e = tx::Resolve(*pResDesc, o.get()); e != cudaSuccess) return e;
    std::lock_guard<std::mutex> lock(tx::g_objects_mutex);
    *pTexObject = tx::g_next_handle++;
    tx::Objects().emplace(*pTexObject, std::move(o));
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  return rt::Call([&] {
    if (texObject == 0) return cudaSuccess;
    std::lock_guard<std::mutex> lock(tx::g_objects_mutex);
    return tx::Objects().erase(texObject) == 1 ? cudaSuccess : cudaErrorInvalidValue;
  });
}

extern "C" cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* pResDesc, cudaTextureObject_t texObject) {
  return rt::Call([&] {
    const tx::TextureObject* o = tx::FindTextureObject(texObject);
    if (o == nullptr || pResDesc == nullptr) return cudaErrorInvalidValue;
    *pResDesc = o->resource;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* pTexDesc, cudaTextureObject_t texObject) {
  return rt::Call([&] {
    const tx::TextureObject* o = tx::FindTextureObject(texObject);
    if (o == nullptr || pTexDesc == nullptr) return cudaErrorInvalidValue;
    *pTexDesc = o->texture;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc* pResViewDesc,
                                                            cudaTextureObject_t texObject) {
  return rt::Call([&] {
    const tx::TextureObject* o = tx::FindTextureObject(texObject);
    if (o == nullptr || pResViewDesc == nullptr) return cudaErrorInvalidValue;
    *pResViewDesc = o->view;
    return cudaSuccess;
  });
}
