// Texture fetches through texture objects (CUDA's texture_indirect_functions.h), for the scalar
// and 1-, 2- and 4-vector types of 8-, 16- and 32-bit integers and floats. Each is a read of the
// texture's memory by the calling thread (engine/include/warpsafe/engine/texture/fetch.h); the
// addressing and filtering rules are in docs/semantics/texture.md.
#pragma once
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#include <type_traits>

#include "texture_types.h"
#include "warpsafe/engine/texture/fetch.h"

// Without debug information of their own, the fetches' inlined loads carry the line of the
// program's call in race reports.
#define WARPSAFE_TEXTURE_FETCH [[gnu::nodebug]] inline


template <class T>
WARPSAFE_TEXTURE_FETCH T tex1Dfetch(cudaTextureObject_t t, int x, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::kIndex, x, 0, 0, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex1D(cudaTextureObject_t t, float x, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::k1D, 0, x, 0, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex2D(cudaTextureObject_t t, float x, float y, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::k2D, 0, x, y, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex3D(cudaTextureObject_t t, float x, float y, float z,
               warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::k3D, 0, x, y, z, site);
}
// The level-of-detail forms: the engine's textures have one level (no mipmapped arrays), which
// every level of detail selects.
template <class T>
WARPSAFE_TEXTURE_FETCH T tex1DLod(cudaTextureObject_t t, float x, float level,
                  warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)level;
  return tx::Fetch<T>(t, tx::FetchForm::k1DLod, 0, x, 0, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex2DLod(cudaTextureObject_t t, float x, float y, float level,
                  warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)level;
  return tx::Fetch<T>(t, tx::FetchForm::k2DLod, 0, x, y, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex3DLod(cudaTextureObject_t t, float x, float y, float z, float level,
                  warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)level;
  return tx::Fetch<T>(t, tx::FetchForm::k3DLod, 0, x, y, z, site);
}

// Layered and cubemap textures (docs/semantics/texture.md, TEX-9 and TEX-10): a layered fetch
// reads one layer of a layered array as a 1D or 2D texture; a cubemap fetch picks the face its
// direction points at and reads that face as a 2D texture.
template <class T>
WARPSAFE_TEXTURE_FETCH T tex1DLayered(cudaTextureObject_t t, float x, int layer,
                                      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::k1DLayered, layer, x, 0, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer,
                                      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::k2DLayered, layer, x, y, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T texCubemap(cudaTextureObject_t t, float x, float y, float z,
                                    warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::kCubemap, 0, x, y, z, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T texCubemapLayered(cudaTextureObject_t t, float x, float y, float z, int layer,
                                           warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  return tx::Fetch<T>(t, tx::FetchForm::kCubemapLayered, layer, x, y, z, site);
}

// The forms that store through a pointer.
template <class T>
WARPSAFE_TEXTURE_FETCH void tex1Dfetch(T* out, cudaTextureObject_t t, int x,
                       warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex1Dfetch<T>(t, x, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex1D(T* out, cudaTextureObject_t t, float x, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex1D<T>(t, x, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex2D(T* out, cudaTextureObject_t t, float x, float y,
                  warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex2D<T>(t, x, y, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex3D(T* out, cudaTextureObject_t t, float x, float y, float z,
                  warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex3D<T>(t, x, y, z, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex1DLayered(T* out, cudaTextureObject_t t, float x, int layer,
                                         warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex1DLayered<T>(t, x, layer, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex2DLayered(T* out, cudaTextureObject_t t, float x, float y, int layer,
                                         warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex2DLayered<T>(t, x, y, layer, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void texCubemap(T* out, cudaTextureObject_t t, float x, float y, float z,
                                       warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = texCubemap<T>(t, x, y, z, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void texCubemapLayered(T* out, cudaTextureObject_t t, float x, float y, float z, int layer,
                                              warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = texCubemapLayered<T>(t, x, y, z, layer, site);
}
