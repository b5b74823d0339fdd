// CUDA's texture_fetch_functions.h: the fetches through texture references (cuda_texture_types.h),
// each a fetch through the texture object of the reference's current binding; the fetches through
// texture objects are in texture_indirect_functions.h.
#pragma once
#define __TEXTURE_FETCH_FUNCTIONS_H__

#include "cuda_texture_types.h"
#include "texture_indirect_functions.h"

namespace warpsafe::engine::texture {

// What a fetch through a reference returns: its element type, or, read as normalized floats, the
// float type of as many channels.
template <class T, enum cudaTextureReadMode mode> struct ReferenceResult {
  using type = T;
};
template <class T> struct ReferenceResult<T, cudaReadModeNormalizedFloat> {
  static constexpr int kChannels = ChannelLayout<T>::kChannels;
  static constexpr bool kVector = !std::is_arithmetic_v<T>;
  using type = std::conditional_t<!kVector, float,
                                  std::conditional_t<kChannels == 1, float1, std::conditional_t<kChannels == 2, float2, float4>>>;
};
template <class T, enum cudaTextureReadMode mode>
using ReferenceResultT = typename ReferenceResult<T, mode>::type;

}  // namespace warpsafe::engine::texture

template <class T, enum cudaTextureReadMode mode>
WARPSAFE_TEXTURE_FETCH warpsafe::engine::texture::ReferenceResultT<T, mode> tex1Dfetch(
    const texture<T, 1, mode>& t, int x, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  return tex1Dfetch<warpsafe::engine::texture::ReferenceResultT<T, mode>>(warpsafe::engine::texture::BoundObject(&t), x, site);
}
template <class T, enum cudaTextureReadMode mode>
WARPSAFE_TEXTURE_FETCH warpsafe::engine::texture::ReferenceResultT<T, mode> tex1D(
    const texture<T, 1, mode>& t, float x, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  return tex1D<warpsafe::engine::texture::ReferenceResultT<T, mode>>(warpsafe::engine::texture::BoundObject(&t), x, site);
}
template <class T, enum cudaTextureReadMode mode>
WARPSAFE_TEXTURE_FETCH warpsafe::engine::texture::ReferenceResultT<T, mode> tex2D(
    const texture<T, 2, mode>& t, float x, float y, warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  return tex2D<warpsafe::engine::texture::ReferenceResultT<T, mode>>(warpsafe::engine::texture::BoundObject(&t), x, y, site);
}
template <class T, enum cudaTextureReadMode mode>
WARPSAFE_TEXTURE_FETCH warpsafe::engine::texture::ReferenceResultT<T, mode> tex3D(
    const texture<T, 3, mode>& t, float x, float y, float z,
    warpsafe::engine::Site site = warpsafe::engine::Site::Here()) {
  return tex3D<warpsafe::engine::texture::ReferenceResultT<T, mode>>(warpsafe::engine::texture::BoundObject(&t), x, y, z, site);
}
