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
// The level-of-detail and gradient forms: the engine's textures have one level (no mipmapped
// arrays), which every level of detail and every pair of gradients selects (TEX-12).
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

template <class T>
WARPSAFE_TEXTURE_FETCH T tex1DGrad(cudaTextureObject_t t, float x, float dPdx, float dPdy,
                                   warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)dPdx, (void)dPdy;
  return tx::Fetch<T>(t, tx::FetchForm::k1DGrad, 0, x, 0, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex2DGrad(cudaTextureObject_t t, float x, float y, float2 dPdx, float2 dPdy,
                                   warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)dPdx, (void)dPdy;
  return tx::Fetch<T>(t, tx::FetchForm::k2DGrad, 0, x, y, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex3DGrad(cudaTextureObject_t t, float x, float y, float z, float4 dPdx, float4 dPdy,
                                   warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)dPdx, (void)dPdy;
  return tx::Fetch<T>(t, tx::FetchForm::k3DGrad, 0, x, y, z, site);
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

template <class T>
WARPSAFE_TEXTURE_FETCH T tex1DLayeredLod(cudaTextureObject_t t, float x, int layer, float level,
                                         warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)level;
  return tx::Fetch<T>(t, tx::FetchForm::k1DLayeredLod, layer, x, 0, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex1DLayeredGrad(cudaTextureObject_t t, float x, int layer, float dPdx, float dPdy,
                                          warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)dPdx, (void)dPdy;
  return tx::Fetch<T>(t, tx::FetchForm::k1DLayeredGrad, layer, x, 0, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex2DLayeredLod(cudaTextureObject_t t, float x, float y, int layer, float level,
                                         warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)level;
  return tx::Fetch<T>(t, tx::FetchForm::k2DLayeredLod, layer, x, y, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T tex2DLayeredGrad(cudaTextureObject_t t, float x, float y, int layer, float2 dPdx,
                                          float2 dPdy, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)dPdx, (void)dPdy;
  return tx::Fetch<T>(t, tx::FetchForm::k2DLayeredGrad, layer, x, y, 0, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T texCubemapLod(cudaTextureObject_t t, float x, float y, float z, float level,
                                       warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)level;
  return tx::Fetch<T>(t, tx::FetchForm::kCubemapLod, 0, x, y, z, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T texCubemapGrad(cudaTextureObject_t t, float x, float y, float z, float4 dPdx, float4 dPdy,
                                        warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)dPdx, (void)dPdy;
  return tx::Fetch<T>(t, tx::FetchForm::kCubemapGrad, 0, x, y, z, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T texCubemapLayeredLod(cudaTextureObject_t t, float x, float y, float z, int layer, float level,
                                              warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)level;
  return tx::Fetch<T>(t, tx::FetchForm::kCubemapLayeredLod, layer, x, y, z, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH T texCubemapLayeredGrad(cudaTextureObject_t t, float x, float y, float z, int layer,
                                               float4 dPdx, float4 dPdy,
                                               warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  namespace tx = warpsafe::engine::texture;
  (void)dPdx, (void)dPdy;
  return tx::Fetch<T>(t, tx::FetchForm::kCubemapLayeredGrad, layer, x, y, z, site);
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
template <class T>
WARPSAFE_TEXTURE_FETCH void tex1DLod(T* out, cudaTextureObject_t t, float x, float level,
                                     warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex1DLod<T>(t, x, level, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex2DLod(T* out, cudaTextureObject_t t, float x, float y, float level,
                                     warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex2DLod<T>(t, x, y, level, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex3DLod(T* out, cudaTextureObject_t t, float x, float y, float z, float level,
                                     warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex3DLod<T>(t, x, y, z, level, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex1DGrad(T* out, cudaTextureObject_t t, float x, float dPdx, float dPdy,
                                      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex1DGrad<T>(t, x, dPdx, dPdy, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex2DGrad(T* out, cudaTextureObject_t t, float x, float y, float2 dPdx, float2 dPdy,
                                      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex2DGrad<T>(t, x, y, dPdx, dPdy, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex3DGrad(T* out, cudaTextureObject_t t, float x, float y, float z, float4 dPdx, float4 dPdy,
                                      warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex3DGrad<T>(t, x, y, z, dPdx, dPdy, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex1DLayeredLod(T* out, cudaTextureObject_t t, float x, int layer, float level,
                                            warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex1DLayeredLod<T>(t, x, layer, level, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex1DLayeredGrad(T* out, cudaTextureObject_t t, float x, int layer, float dPdx, float dPdy,
                                             warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex1DLayeredGrad<T>(t, x, layer, dPdx, dPdy, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex2DLayeredLod(T* out, cudaTextureObject_t t, float x, float y, int layer, float level,
                                            warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex2DLayeredLod<T>(t, x, y, layer, level, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void tex2DLayeredGrad(T* out, cudaTextureObject_t t, float x, float y, int layer, float2 dPdx, float2 dPdy,
                                             warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = tex2DLayeredGrad<T>(t, x, y, layer, dPdx, dPdy, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void texCubemapLod(T* out, cudaTextureObject_t t, float x, float y, float z, float level,
                                          warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = texCubemapLod<T>(t, x, y, z, level, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void texCubemapGrad(T* out, cudaTextureObject_t t, float x, float y, float z, float4 dPdx, float4 dPdy,
                                           warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = texCubemapGrad<T>(t, x, y, z, dPdx, dPdy, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void texCubemapLayeredLod(T* out, cudaTextureObject_t t, float x, float y, float z, int layer, float level,
                                                 warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = texCubemapLayeredLod<T>(t, x, y, z, layer, level, site);
}
template <class T>
WARPSAFE_TEXTURE_FETCH void texCubemapLayeredGrad(T* out, cudaTextureObject_t t, float x, float y, float z, int layer, float4 dPdx, float4 dPdy,
                                                  warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  *out = texCubemapLayeredGrad<T>(t, x, y, z, layer, dPdx, dPdy, site);
}
