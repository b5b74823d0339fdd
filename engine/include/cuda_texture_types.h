// Texture references (CUDA's cuda_texture_types.h): the texture API that came before texture
// objects and that CUDA 12 removed, kept because older programs (texture<float, 1> declared at
// namespace scope, cudaBindTexture on the host, tex1Dfetch(ref, i) in kernels) are common. A
// reference is a texture object underneath: binding it creates one from the reference's
// attributes and the memory given (engine/src/texture/texture_references.cpp), unbinding or
// binding again destroys it, and a fetch reads through it, so the object rules of
// docs/semantics/texture.md apply (TEX-11), and a fetch through a reference never bound, or
// unbound, is reported. The attributes (normalized, filterMode, addressMode) are read when the
// reference is bound. The fetches are in texture_fetch_functions.h.
#pragma once
#define __CUDA_TEXTURE_TYPES_H__

#include <climits>

#include "channel_descriptor.h"
#include "texture_types.h"
#include "warpsafe/engine/texture/fetch.h"
#include "warpsafe/engine/graph_types.h"

// The attributes of a texture reference, as the C API (cudaBindTexture(size_t*, const
// textureReference*, ...)) sees them. The last two members are the engine's: the texture object
// of the current binding (kUnboundReference while unbound) and the read mode of the reference's
// type.
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  cudaTextureObject_t __warpsafe_object;
  enum cudaTextureReadMode __warpsafe_read_mode;
};

// One object for host and device code: in the device pass the type is hidden, which makes every
// variable of it hidden, the mark the passes' join keeps as the program's one copy (as it does for
// __device__ variables), so the host's cudaBindTexture and the kernels' fetches meet in one place.
#if defined(__WARPSAFE_DEVICE_PASS__)
#define WARPSAFE_TEXTURE_REFERENCE_TYPE __attribute__((visibility("hidden")))
#else
#define WARPSAFE_TEXTURE_REFERENCE_TYPE
#endif

namespace warpsafe::engine::texture {
// The object of `ref`'s current binding, read by the engine (out of line): a kernel's fetch reads
// the reference, a host variable, and under `warpsafe check` a load of it in the kernel's own code
// would be an access to host memory.
cudaTextureObject_t BoundObject(const textureReference* ref);

// cudaCreateChannelDesc<T>() as a constant, for the references' constant initialization.
template <class T> constexpr cudaChannelFormatDesc ConstantChannelDesc() {
  using L = ChannelLayout<T>;
  const int b = L::kBits, n = L::kChannels;
  return cudaChannelFormatDesc{b, n >= 2 ? b : 0, n >= 3 ? b : 0, n >= 4 ? b : 0, L::kKind};
}
}  // namespace warpsafe::engine::texture

template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct WARPSAFE_TEXTURE_REFERENCE_TYPE texture : public textureReference {
  // Constant-initialized (a declaration at namespace scope needs no constructor run), with the
  // channel format of T.
  constexpr texture(int norm = 0, enum cudaTextureFilterMode filter = cudaFilterModePoint,
                    enum cudaTextureAddressMode address = cudaAddressModeClamp)
      : textureReference{norm, filter, {address, address, address},
                         warpsafe::engine::texture::ConstantChannelDesc<T>(), 0, 0,
                         cudaFilterModePoint, 0.0f, 0.0f, 0.0f, 0,
                         warpsafe::engine::texture::kUnboundReference, mode} {}
  constexpr texture(int norm, enum cudaTextureFilterMode filter, enum cudaTextureAddressMode address,
                    struct cudaChannelFormatDesc desc)
      : textureReference{norm, filter, {address, address, address}, desc, 0, 0,
                         cudaFilterModePoint, 0.0f, 0.0f, 0.0f, 0,
                         warpsafe::engine::texture::kUnboundReference, mode} {}
};

// The C API. `size` UINT_MAX (the C++ forms' default) binds up to the end of the allocation that
// holds devPtr. *offset, when asked for, is always 0: any address may be bound.
extern "C" cudaError_t cudaBindTexture(size_t* offset, const struct textureReference* texref, const void* devPtr,
                                       const struct cudaChannelFormatDesc* desc, size_t size = UINT_MAX);
extern "C" cudaError_t cudaBindTexture2D(size_t* offset, const struct textureReference* texref, const void* devPtr,
                                         const struct cudaChannelFormatDesc* desc, size_t width, size_t height,
                                         size_t pitch);
extern "C" cudaError_t cudaBindTextureToArray(const struct textureReference* texref, cudaArray_const_t array,
                                              const struct cudaChannelFormatDesc* desc);
extern "C" cudaError_t cudaUnbindTexture(const struct textureReference* texref);
extern "C" cudaError_t cudaGetTextureAlignmentOffset(size_t* offset, const struct textureReference* texref);

// The C++ forms, on the reference itself and with its own channel format when none is given.
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture(size_t* offset, const struct texture<T, dim, mode>& tex, const void* devPtr,
                                   const struct cudaChannelFormatDesc& desc, size_t size = UINT_MAX) {
  return cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture(size_t* offset, const struct texture<T, dim, mode>& tex, const void* devPtr,
                                   size_t size = UINT_MAX) {
  return cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture2D(size_t* offset, const struct texture<T, dim, mode>& tex, const void* devPtr,
                                     const struct cudaChannelFormatDesc& desc, size_t width, size_t height,
                                     size_t pitch) {
  return cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture2D(size_t* offset, const struct texture<T, dim, mode>& tex, const void* devPtr,
                                     size_t width, size_t height, size_t pitch) {
  return cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode>& tex, cudaArray_const_t array,
                                          const struct cudaChannelFormatDesc& desc) {
  return cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode>& tex, cudaArray_const_t array) {
  return cudaBindTextureToArray(&tex, array, nullptr);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode>& tex) {
  return cudaUnbindTexture(&tex);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaGetTextureAlignmentOffset(size_t* offset, const struct texture<T, dim, mode>& tex) {
  return cudaGetTextureAlignmentOffset(offset, &tex);
}
