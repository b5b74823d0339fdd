// A texture fetch as device code runs it, in two engine calls around the program's own loads:
// PlanFetch turns the coordinates into the texels to read (their addresses, or none for a border
// texel) and their filter weights; the caller then loads each texel's bytes itself, so that under
// `warpsafe check` the reads are the program's accesses of that memory (races, uninitialized
// bytes); CombineFetch converts and filters the loaded texels into the value the fetch returns.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "texture_types.h"
#include "vector_types.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine::texture {

// The handle an unbound texture reference holds (cuda_texture_types.h): never a live object's, so
// a fetch through it is reported, as not bound rather than as a bad object.
inline constexpr cudaTextureObject_t kUnboundReference = ~0ull;

// Which device function is fetching: its coordinates and name in reports.
// The Lod and Grad forms read as the plain form of their shape does (TEX-12): each is named
// for reports only.
enum class FetchForm : std::uint8_t {
  kIndex, k1D, k2D, k3D, k1DLod, k2DLod, k3DLod, k1DLayered, k2DLayered, kCubemap, kCubemapLayered,
  k1DGrad, k2DGrad, k3DGrad, k1DLayeredLod, k1DLayeredGrad, k2DLayeredLod, k2DLayeredGrad, kCubemapLod,
  kCubemapGrad, kCubemapLayeredLod, kCubemapLayeredGrad
};

// What the caller's type can hold: its channel count and whether it is a float type.
struct ResultShape {
  int channels;
  bool is_float;
};

// The texels one fetch reads: at most 8 (trilinear). An address of nullptr is a border texel.
// Weights are in 1/256 units (the filter's fixed-point weights); point sampling has one texel of
// weight 256. `object` is the engine's texture record, for CombineFetch only.
struct FetchPlan {
  int count;
  unsigned texel_bytes;
  const void* address[8];
  std::int32_t weight[8];
  const void* object;
};

// The fetched value: four channels as float bits (float results) or 32-bit integers.
struct FetchResult {
  std::uint32_t word[4];
};

// `index` is tex1Dfetch's texel index, or the layer of a layered form; x, y, z the other forms'
// coordinates (a cubemap's direction).
void PlanFetch(cudaTextureObject_t object, FetchForm form, int index, float x, float y, float z, ResultShape shape,
               FetchPlan* plan, Site site);
FetchResult CombineFetch(const FetchPlan& plan, const unsigned char (*texels)[16], Site site);

template <class T> struct ResultOf {
  static constexpr ResultShape kShape{0, false};
};
#define WARPSAFE_TEXTURE_RESULT(type, channels, is_float) \
  template <> struct ResultOf<type> {                     \
    static constexpr ResultShape kShape{channels, is_float}; \
  };
#define WARPSAFE_TEXTURE_RESULTS(scalar, vec, is_float) \
  WARPSAFE_TEXTURE_RESULT(scalar, 1, is_float)          \
  WARPSAFE_TEXTURE_RESULT(vec##1, 1, is_float)          \
  WARPSAFE_TEXTURE_RESULT(vec##2, 2, is_float)          \
  WARPSAFE_TEXTURE_RESULT(vec##4, 4, is_float)
WARPSAFE_TEXTURE_RESULT(char, 1, false)
WARPSAFE_TEXTURE_RESULTS(signed char, char, false)
WARPSAFE_TEXTURE_RESULTS(unsigned char, uchar, false)
WARPSAFE_TEXTURE_RESULTS(short, short, false)
WARPSAFE_TEXTURE_RESULTS(unsigned short, ushort, false)
WARPSAFE_TEXTURE_RESULTS(int, int, false)
WARPSAFE_TEXTURE_RESULTS(unsigned int, uint, false)
WARPSAFE_TEXTURE_RESULTS(float, float, true)
#undef WARPSAFE_TEXTURE_RESULTS
#undef WARPSAFE_TEXTURE_RESULT

// The result's channel c as the component type C.
template <class C> inline C Channel(const FetchResult& r, int c) {
  if constexpr (std::is_floating_point_v<C>) {
    float f;
    std::memcpy(&f, &r.word[c], 4);
    return f;
  } else {
    return static_cast<C>(static_cast<std::int32_t>(r.word[c]));
  }
}

template <class T> inline T Assemble(const FetchResult& r) {
  static_assert(ResultOf<T>::kShape.channels != 0, "texture fetches return a scalar or 1-, 2- or 4-vector type");
  if constexpr (std::is_arithmetic_v<T>) {
    return Channel<T>(r, 0);
  } else {
    using C = decltype(T{}.x);
    T v{};
    v.x = Channel<C>(r, 0);
    if constexpr (ResultOf<T>::kShape.channels >= 2) v.y = Channel<C>(r, 1);
    if constexpr (ResultOf<T>::kShape.channels == 4) v.z = Channel<C>(r, 2), v.w = Channel<C>(r, 3);
    return v;
  }
}

// One fetch: plan, load the texels (plain loads of the program's memory), combine. Without debug
// information of its own, so that reports of those loads name the program's line that fetched.
template <class T>
[[gnu::nodebug]] inline T Fetch(cudaTextureObject_t object, FetchForm form, int index, float x, float y, float z, Site site) {
  FetchPlan plan;
  PlanFetch(object, form, index, x, y, z, ResultOf<T>::kShape, &plan, site);
  unsigned char texels[8][16];
  for (int i = 0; i < plan.count; ++i)
    if (plan.address[i] != nullptr) std::memcpy(texels[i], plan.address[i], plan.texel_bytes);
  return Assemble<T>(CombineFetch(plan, texels, site));
}

}  // namespace warpsafe::engine::texture
