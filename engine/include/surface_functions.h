// CUDA's surface_functions.h: the reads and writes through surface references
// (cuda_surface_types.h), each a read or write through the surface object of the reference's
// current binding; the accesses through surface objects are in surface_indirect_functions.h.
#pragma once
#define __SURFACE_FUNCTIONS_H__

#include "cuda_surface_types.h"
#include "surface_indirect_functions.h"

#define WARPSAFE_SURFACE_UNPAREN(...) __VA_ARGS__
// The three forms of one shape (`value = read<T>(ref, ...)`, `read(&value, ref, ...)`,
// `write(value, ref, ...)`) for a reference of shape `shape` (a cudaSurfaceType*), with the
// coordinates `params` passed on as `args` to the object form.
#define WARPSAFE_SURFACE_REFERENCE_FORMS(name, shape, params, args)                                        \
  template <class T, class S>                                                                               \
  [[gnu::nodebug]] inline T name##read(                                                                     \
      const surface<S, shape>& ref, WARPSAFE_SURFACE_UNPAREN params,                                        \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,                                                  \
      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {                                       \
    return name##read<T>(warpsafe::engine::surface::BoundObject(&ref), WARPSAFE_SURFACE_UNPAREN args, mode, site); \
  }                                                                                                         \
  template <class T, class S>                                                                               \
  [[gnu::nodebug]] inline void name##read(                                                                  \
      T* data, const surface<S, shape>& ref, WARPSAFE_SURFACE_UNPAREN params,                               \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,                                                  \
      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {                                       \
    *data = name##read<T>(warpsafe::engine::surface::BoundObject(&ref), WARPSAFE_SURFACE_UNPAREN args, mode, site); \
  }                                                                                                         \
  template <class T, class S>                                                                               \
  [[gnu::nodebug]] inline void name##write(                                                                 \
      T data, const surface<S, shape>& ref, WARPSAFE_SURFACE_UNPAREN params,                                \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,                                                  \
      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {                                       \
    name##write<T>(data, warpsafe::engine::surface::BoundObject(&ref), WARPSAFE_SURFACE_UNPAREN args, mode, site); \
  }

WARPSAFE_SURFACE_REFERENCE_FORMS(surf1D, cudaSurfaceType1D, (int x), (x))
WARPSAFE_SURFACE_REFERENCE_FORMS(surf2D, cudaSurfaceType2D, (int x, int y), (x, y))
WARPSAFE_SURFACE_REFERENCE_FORMS(surf3D, cudaSurfaceType3D, (int x, int y, int z), (x, y, z))
WARPSAFE_SURFACE_REFERENCE_FORMS(surf1DLayered, cudaSurfaceType1DLayered, (int x, int layer), (x, layer))
WARPSAFE_SURFACE_REFERENCE_FORMS(surf2DLayered, cudaSurfaceType2DLayered, (int x, int y, int layer), (x, y, layer))
WARPSAFE_SURFACE_REFERENCE_FORMS(surfCubemap, cudaSurfaceTypeCubemap, (int x, int y, int face), (x, y, face))
WARPSAFE_SURFACE_REFERENCE_FORMS(surfCubemapLayered, cudaSurfaceTypeCubemapLayered, (int x, int y, int layerFace),
                                 (x, y, layerFace))

#undef WARPSAFE_SURFACE_REFERENCE_FORMS
#undef WARPSAFE_SURFACE_UNPAREN
