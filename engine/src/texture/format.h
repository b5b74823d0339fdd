// A texel format read from a channel descriptor: what the engine needs to load, convert and
// filter texels.
#pragma once

#include <cstddef>

#include "cuda_runtime_api.h"

namespace warpsafe::engine::texture {

struct Format {
  cudaChannelFormatKind kind = cudaChannelFormatKindNone;
  int bits = 0;      // per channel: 8, 16 or 32
  int channels = 0;  // 1, 2 or 4
  std::size_t TexelBytes() const { return static_cast<std::size_t>(bits / 8 * channels); }
  bool IsHalf() const { return kind == cudaChannelFormatKindFloat && bits == 16; }
};

// The format of `desc`, or false when CUDA has no such texel: channels of unequal widths, widths
// other than 8/16/32 (16 or 32 for floats), 3 channels, kind None.
bool ReadFormat(const cudaChannelFormatDesc& desc, Format* out);

}  // namespace warpsafe::engine::texture
