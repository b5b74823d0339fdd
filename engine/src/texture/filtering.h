// The arithmetic of linear filtering: weighted sums of texels with the filter's fixed-point
// weights (1/256 units), computed exactly and rounded once, as the texture unit rounds them
// (docs/semantics/texture.md, TEX-5 and TEX-6).
#pragma once

#include <cstdint>

namespace warpsafe::engine::texture {

// sum(weight[i] * value[i]) / 256 rounded to the nearest float, a tie away from zero. Exact for
// any float values: the products are exact doubles and their sum is kept as an expansion.
float WeightedFloat(const float* value, const std::int32_t* weight, int n);

// The same sum rounded to the nearest half-precision value (a tie away from zero), as a float.
float WeightedHalf(const float* value, const std::int32_t* weight, int n);

// sum(weight[i] * value[i]) * scale / (256 * range), rounded to the nearest integer (a tie up): normalized integer texels filtered in 16-bit fixed point, `scale` being 65535
// (unsigned) or 32767 (signed) and `range` the texel type's largest value.
std::int64_t WeightedFixed(const std::int64_t* value, const std::int32_t* weight, int n, std::int64_t scale,
                           std::int64_t range);

// The weight (1/256 units) of one texel of a filter over `axes` axes (1 to 3) whose upper
// texels have the per-axis weights `upper` (1/256 units); bit k of `upper_set` says the texel is
// the upper one along axis k. The weight of the all-upper texel is the product of the axes'
// weights rounded to 1/256 (a tie up); the others follow by inclusion-exclusion over the rounded
// products of fewer axes, so that the texels of each row and column share out exactly the
// weight of that row or column.
std::int32_t TapWeight(const std::int32_t* upper, int axes, unsigned upper_set);

// A half-precision value's bits as float.
float HalfToFloat(std::uint16_t bits);

}  // namespace warpsafe::engine::texture
