// Texture addressing along one axis: from a coordinate to the texels a fetch reads and their
// filter weights (docs/semantics/texture.md, TEX-2 to TEX-4).
#pragma once

#include <cstddef>
#include <cstdint>

#include "cuda_runtime_api.h"

namespace warpsafe::engine::texture {

// Up to two texels along an axis. `border` marks a texel outside the texture under border
// addressing; `weight` is in 1/256 units and the two add up to 256.
struct AxisTaps {
  int count;
  std::int64_t index[2];
  bool border[2];
  std::int32_t weight[2];
};

struct AxisRule {
  std::size_t extent;
  cudaTextureAddressMode mode;
  bool normalized;
  bool linear;
};

// The taps for `coordinate`. Returns nullptr, or why the fetch is undefined (a texel outside the
// texture that no address mode applies to, a NaN coordinate).
const char* Address(float coordinate, const AxisRule& rule, AxisTaps* out);

// The linear filter's weight of the upper texel for a fraction in [0, 1): the fraction rounded to
// 1/256 (9-bit fixed point with 8 fractional bits, a tie rounding up), in 1/256 units.
std::int32_t QuantizedWeight(float fraction);

}  // namespace warpsafe::engine::texture
