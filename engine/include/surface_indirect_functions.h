// Surface reads and writes through surface objects (CUDA's surface_indirect_functions.h), for the
// element types CUDA has surface functions for: each is the calling thread's read or write of the
// array's memory (engine/include/warpsafe/engine/surface/access.h). `x` counts bytes; the boundary
// mode says what an access outside the array does. The rules are in docs/semantics/surface.md.
#pragma once
#define __SURFACE_INDIRECT_FUNCTIONS_H__

#include <type_traits>

#include "surface_types.h"
#include "warpsafe/engine/surface/access.h"

// Without debug information of their own, the accesses' inlined loads and stores carry the line
// of the program's call in race reports.
#define WARPSAFE_SURFACE_ACCESS [[gnu::nodebug]] inline
#define WARPSAFE_SURFACE_SITE warpsafe::engine::Site site = warpsafe::engine::Site::Here()
#define WARPSAFE_SURFACE_MODE cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap

template <class T>
WARPSAFE_SURFACE_ACCESS T surf1Dread(cudaSurfaceObject_t surfObject, int x, WARPSAFE_SURFACE_MODE,
                                     WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  return sf::Read<T>(surfObject, sf::AccessForm::k1D, x, 0, 0, 0, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf1Dread(T* data, cudaSurfaceObject_t surfObject, int x, WARPSAFE_SURFACE_MODE,
                                        WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  *data = sf::Read<T>(surfObject, sf::AccessForm::k1D, x, 0, 0, 0, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x, WARPSAFE_SURFACE_MODE,
                                         WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  sf::Write<T>(data, surfObject, sf::AccessForm::k1D, x, 0, 0, 0, mode, site);
}

template <class T>
WARPSAFE_SURFACE_ACCESS T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y, WARPSAFE_SURFACE_MODE,
                                     WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  return sf::Read<T>(surfObject, sf::AccessForm::k2D, x, y, 0, 0, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf2Dread(T* data, cudaSurfaceObject_t surfObject, int x, int y, WARPSAFE_SURFACE_MODE,
                                        WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  *data = sf::Read<T>(surfObject, sf::AccessForm::k2D, x, y, 0, 0, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, WARPSAFE_SURFACE_MODE,
                                         WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  sf::Write<T>(data, surfObject, sf::AccessForm::k2D, x, y, 0, 0, mode, site);
}

template <class T>
WARPSAFE_SURFACE_ACCESS T surf3Dread(cudaSurfaceObject_t surfObject, int x, int y, int z, WARPSAFE_SURFACE_MODE,
                                     WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  return sf::Read<T>(surfObject, sf::AccessForm::k3D, x, y, z, 0, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf3Dread(T* data, cudaSurfaceObject_t surfObject, int x, int y, int z, WARPSAFE_SURFACE_MODE,
                                        WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  *data = sf::Read<T>(surfObject, sf::AccessForm::k3D, x, y, z, 0, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf3Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int z, WARPSAFE_SURFACE_MODE,
                                         WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  sf::Write<T>(data, surfObject, sf::AccessForm::k3D, x, y, z, 0, mode, site);
}

template <class T>
WARPSAFE_SURFACE_ACCESS T surf1DLayeredread(cudaSurfaceObject_t surfObject, int x, int layer, WARPSAFE_SURFACE_MODE,
                                     WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  return sf::Read<T>(surfObject, sf::AccessForm::k1DLayered, x, 0, 0, layer, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf1DLayeredread(T* data, cudaSurfaceObject_t surfObject, int x, int layer, WARPSAFE_SURFACE_MODE,
                                        WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  *data = sf::Read<T>(surfObject, sf::AccessForm::k1DLayered, x, 0, 0, layer, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf1DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int layer, WARPSAFE_SURFACE_MODE,
                                         WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  sf::Write<T>(data, surfObject, sf::AccessForm::k1DLayered, x, 0, 0, layer, mode, site);
}

template <class T>
WARPSAFE_SURFACE_ACCESS T surf2DLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layer, WARPSAFE_SURFACE_MODE,
                                     WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  return sf::Read<T>(surfObject, sf::AccessForm::k2DLayered, x, y, 0, layer, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf2DLayeredread(T* data, cudaSurfaceObject_t surfObject, int x, int y, int layer, WARPSAFE_SURFACE_MODE,
                                        WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  *data = sf::Read<T>(surfObject, sf::AccessForm::k2DLayered, x, y, 0, layer, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surf2DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int layer, WARPSAFE_SURFACE_MODE,
                                         WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  sf::Write<T>(data, surfObject, sf::AccessForm::k2DLayered, x, y, 0, layer, mode, site);
}

// Cubemap surfaces (SURFOBJ-7): a cubemap array's faces are the layers of a 2D layered array,
// `face` from 0 to 5; a layered cubemap's are addressed as layer * 6 + face (`layerFace`).
template <class T>
WARPSAFE_SURFACE_ACCESS T surfCubemapread(cudaSurfaceObject_t surfObject, int x, int y, int face, WARPSAFE_SURFACE_MODE,
                                          WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  return sf::Read<T>(surfObject, sf::AccessForm::kCubemap, x, y, 0, face, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surfCubemapread(T* data, cudaSurfaceObject_t surfObject, int x, int y, int face,
                                             WARPSAFE_SURFACE_MODE, WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  *data = sf::Read<T>(surfObject, sf::AccessForm::kCubemap, x, y, 0, face, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surfCubemapwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int face,
                                              WARPSAFE_SURFACE_MODE, WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  sf::Write<T>(data, surfObject, sf::AccessForm::kCubemap, x, y, 0, face, mode, site);
}

template <class T>
WARPSAFE_SURFACE_ACCESS T surfCubemapLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layerFace,
                                                 WARPSAFE_SURFACE_MODE, WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  return sf::Read<T>(surfObject, sf::AccessForm::kCubemapLayered, x, y, 0, layerFace, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surfCubemapLayeredread(T* data, cudaSurfaceObject_t surfObject, int x, int y, int layerFace,
                                                    WARPSAFE_SURFACE_MODE, WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  *data = sf::Read<T>(surfObject, sf::AccessForm::kCubemapLayered, x, y, 0, layerFace, mode, site);
}
template <class T>
WARPSAFE_SURFACE_ACCESS void surfCubemapLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int layerFace,
                                                     WARPSAFE_SURFACE_MODE, WARPSAFE_SURFACE_SITE) {
  namespace sf = warpsafe::engine::surface;
  sf::Write<T>(data, surfObject, sf::AccessForm::kCubemapLayered, x, y, 0, layerFace, mode, site);
}

#undef WARPSAFE_SURFACE_MODE
#undef WARPSAFE_SURFACE_SITE
