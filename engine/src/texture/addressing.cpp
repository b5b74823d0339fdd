#include "texture/addressing.h"

#include <cmath>

namespace warpsafe::engine::texture {
namespace {

// The texel `i` under the axis's address mode; false when the mode cannot bring it inside.
bool Apply(std::int64_t i, const AxisRule& rule, std::int64_t* index, bool* border) {
  const auto n = static_cast<std::int64_t>(rule.extent);
  *border = false;
  if (i >= 0 && i < n) {
    *index = i;
    return true;
  }
  switch (rule.mode) {
    case cudaAddressModeClamp:
      *index = i < 0 ? 0 : n - 1;
      return true;
    case cudaAddressModeBorder:
      *index = 0;
      *border = true;
      return true;
    case cudaAddressModeWrap:
      // With unnormalized coordinates the runtime switches wrap and mirror to clamp (the
      // reference of cudaCreateTextureObject says so, and an H200 clamped: TEX-3).
      if (!rule.normalized) {
        *index = i < 0 ? 0 : n - 1;
        return true;
      }
      *index = ((i % n) + n) % n;
      return true;
    case cudaAddressModeMirror: {
      if (!rule.normalized) {
        *index = i < 0 ? 0 : n - 1;
        return true;
      }
      const std::int64_t m = ((i % (2 * n)) + 2 * n) % (2 * n);
      *index = m < n ? m : 2 * n - 1 - m;
      return true;
    }
  }
  return false;
}

}  // namespace

std::int32_t QuantizedWeight(float fraction) {
  return static_cast<std::int32_t>(std::floor(static_cast<double>(fraction) * 256.0 + 0.5));
}

const char* Address(float coordinate, const AxisRule& rule, AxisTaps* out) {
  if (std::isnan(coordinate)) return "the coordinate is NaN";
  // Normalized coordinates scale by the extent in single precision, as the texture unit does.
  float x = rule.normalized ? coordinate * static_cast<float>(rule.extent) : coordinate;
  // Far outside the texture every address mode has settled (clamped, a border, or a whole number
  // of periods away): keep the arithmetic in range of an int64 and of a float's fraction.
  constexpr float kFar = 1e15f;
  if (x > kFar) x = kFar;
  if (x < -kFar) x = -kFar;
  std::int64_t first;
  if (rule.linear) {
    const float below = x - 0.5f;
    const float base = std::floor(below);
    first = static_cast<std::int64_t>(base);
    const std::int32_t w = QuantizedWeight(below - base);
    out->count = 2;
    out->weight[0] = 256 - w;
    out->weight[1] = w;
  } else {
    first = static_cast<std::int64_t>(std::floor(x));
    out->count = 1;
    out->weight[0] = 256;
  }
  for (int t = 0; t < out->count; ++t) {
    if (!Apply(first + t, rule, &out->index[t], &out->border[t])) {
      if (out->weight[t] == 0) {  // a texel of weight 0 is not read
        out->index[t] = 0;
        continue;
      }
      return "it reads outside the texture";
    }
  }
  return nullptr;
}

}  // namespace warpsafe::engine::texture
