// The texture references' C API (cuda_texture_types.h): a binding is a texture object made from
// the reference's attributes and the memory bound, kept in the reference for its fetches. Binding
// again or unbinding destroys the previous object, so a fetch through a stale binding is reported
// as a fetch through a destroyed object.
#include <climits>

#include "cuda_texture_types.h"
#include "runtime/allocations.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::texture {
namespace {

// The texture description a binding of `ref` gets: the reference's attributes as they are now.
cudaTextureDesc DescriptionOf(const textureReference& ref) {
  cudaTextureDesc d{};
  for (int i = 0; i < 3; ++i) d.addressMode[i] = ref.addressMode[i];
  d.filterMode = ref.filterMode;
  d.readMode = ref.__warpsafe_read_mode;
  d.sRGB = ref.sRGB;
  d.normalizedCoords = ref.normalized;
  d.maxAnisotropy = ref.maxAnisotropy;
  d.mipmapFilterMode = ref.mipmapFilterMode;
  d.mipmapLevelBias = ref.mipmapLevelBias;
  d.minMipmapLevelClamp = ref.minMipmapLevelClamp;
  d.maxMipmapLevelClamp = ref.maxMipmapLevelClamp;
  return d;
}

// Replaces `ref`'s binding by a new object over `resource`; on failure the reference is unbound.
// The reference is the program's variable: the C API takes it const, as CUDA's does, and a binding
// is state the runtime keeps in it.
cudaError_t Bind(const textureReference* ref, const cudaResourceDesc& resource, size_t* offset) {
  if (ref == nullptr) return cudaErrorInvalidTexture;
  auto* r = const_cast<textureReference*>(ref);
  if (r->__warpsafe_object != kUnboundReference) cudaDestroyTextureObject(r->__warpsafe_object);
  r->__warpsafe_object = kUnboundReference;
  const cudaTextureDesc description = DescriptionOf(*r);
  cudaTextureObject_t object = 0;
  if (cudaError_t e = cudaCreateTextureObject(&object, &resource, &description, nullptr); e != cudaSuccess) return e;
  r->__warpsafe_object = object;
  if (offset != nullptr) *offset = 0;
  return cudaSuccess;
}

}  // namespace

cudaTextureObject_t BoundObject(const textureReference* ref) { return ref->__warpsafe_object; }

}  // namespace warpsafe::engine::texture

namespace tx = warpsafe::engine::texture;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaBindTexture(size_t* offset, const textureReference* texref, const void* devPtr,
                                       const cudaChannelFormatDesc* desc, size_t size) {
  return rt::Call([&] {
    if (texref == nullptr) return cudaErrorInvalidTexture;
    if (devPtr == nullptr) return cudaErrorInvalidValue;
    if (size == UINT_MAX) {
      // The C++ forms' default: the rest of the allocation that holds devPtr.
      warpsafe::engine::AllocationInfo a{};
      if (!warpsafe::engine::FindAllocation(devPtr, &a)) return cudaErrorInvalidDevicePointer;
      size = static_cast<const char*>(a.base) + a.size - static_cast<const char*>(devPtr);
    }
    cudaResourceDesc r{};
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = const_cast<void*>(devPtr);
    r.res.linear.desc = desc != nullptr ? *desc : texref->channelDesc;
    r.res.linear.sizeInBytes = size;
    return tx::Bind(texref, r, offset);
  });
}

extern "C" cudaError_t cudaBindTexture2D(size_t* offset, const textureReference* texref, const void* devPtr,
                                         const cudaChannelFormatDesc* desc, size_t width, size_t height,
                                         size_t pitch) {
  return rt::Call([&] {
    if (texref == nullptr) return cudaErrorInvalidTexture;
    cudaResourceDesc r{};
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = const_cast<void*>(devPtr);
    r.res.pitch2D.desc = desc != nullptr ? *desc : texref->channelDesc;
    r.res.pitch2D.width = width;
    r.res.pitch2D.height = height;
    r.res.pitch2D.pitchInBytes = pitch;
    return tx::Bind(texref, r, offset);
  });
}

extern "C" cudaError_t cudaBindTextureToArray(const textureReference* texref, cudaArray_const_t array,
                                              const cudaChannelFormatDesc* desc) {
  (void)desc;  // an array's texels have the array's own format
  return rt::Call([&] {
    if (texref == nullptr) return cudaErrorInvalidTexture;
    cudaResourceDesc r{};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = const_cast<cudaArray_t>(array);
    return tx::Bind(texref, r, nullptr);
  });
}

extern "C" cudaError_t cudaUnbindTexture(const textureReference* texref) {
  return rt::Call([&] {
    if (texref == nullptr) return cudaErrorInvalidTexture;
    auto* r = const_cast<textureReference*>(texref);
    if (r->__warpsafe_object != tx::kUnboundReference) cudaDestroyTextureObject(r->__warpsafe_object);
    r->__warpsafe_object = tx::kUnboundReference;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaGetTextureAlignmentOffset(size_t* offset, const textureReference* texref) {
  return rt::Call([&] {
    if (texref == nullptr || offset == nullptr) return cudaErrorInvalidValue;
    if (texref->__warpsafe_object == tx::kUnboundReference) return cudaErrorInvalidTextureBinding;
    *offset = 0;
    return cudaSuccess;
  });
}
