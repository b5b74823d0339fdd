// Surface references (CUDA's cuda_surface_types.h): the surface API that came before surface
// objects and that CUDA 12 removed, kept for older programs (surface<void, 2> declared at namespace
// scope, cudaBindSurfaceToArray on the host, surf2Dwrite(v, ref, x, y) in kernels). As texture
// references are texture objects (cuda_texture_types.h), a surface reference is a surface object
// underneath: binding it to an array creates one (engine/src/surface/surface_references.cpp),
// binding again destroys the previous one, and every access goes through the object of the current
// binding, so the object rules of docs/semantics/surface.md apply (SURFOBJ-8). The accesses are in
// surface_functions.h.
#pragma once
#define __CUDA_SURFACE_TYPES_H__

#include "channel_descriptor.h"
#include "cuda_texture_types.h"  // WARPSAFE_TEXTURE_REFERENCE_TYPE: one variable for both passes
#include "surface_types.h"

// What the C API sees of a reference. The last member is the engine's: the surface object of the
// current binding, kUnboundSurface while unbound.
struct surfaceReference {
  struct cudaChannelFormatDesc channelDesc;
  cudaSurfaceObject_t __warpsafe_object;
};

namespace warpsafe::engine::surface {
// The handle of a reference never bound: no cudaCreateSurfaceObject returns it.
inline constexpr cudaSurfaceObject_t kUnboundSurface = ~0ull;
// The object of `ref`'s current binding, read by the engine (out of line, as for texture
// references: under `warpsafe check` a kernel's own load of the host variable would be an access
// to host memory).
cudaSurfaceObject_t BoundObject(const surfaceReference* ref);
}  // namespace warpsafe::engine::surface

// `dim` is one of the cudaSurfaceType* shapes (1, 2, 3, 0xF1, 0xF2, 0x0C, 0xFC); T is void in
// practice (a surface's accesses name their own type). Constant-initialized, unbound.
template <class T, int dim = 1>
struct WARPSAFE_TEXTURE_REFERENCE_TYPE surface : public surfaceReference {
  constexpr surface() : surfaceReference{cudaChannelFormatDesc{0, 0, 0, 0, cudaChannelFormatKindNone},
                                         warpsafe::engine::surface::kUnboundSurface} {}
  constexpr explicit surface(struct cudaChannelFormatDesc desc)
      : surfaceReference{desc, warpsafe::engine::surface::kUnboundSurface} {}
};

// Binds `surfref` to `array` (made with cudaArraySurfaceLoadStore; the array's own format is used).
extern "C" cudaError_t cudaBindSurfaceToArray(const struct surfaceReference* surfref, cudaArray_const_t array,
                                              const struct cudaChannelFormatDesc* desc);
extern "C" cudaError_t cudaGetSurfaceReference(const struct surfaceReference** surfref, const void* symbol);

template <class T, int dim>
inline cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim>& surf, cudaArray_const_t array,
                                          const struct cudaChannelFormatDesc& desc) {
  return cudaBindSurfaceToArray(&surf, array, &desc);
}
template <class T, int dim>
inline cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim>& surf, cudaArray_const_t array) {
  return cudaBindSurfaceToArray(&surf, array, nullptr);
}
