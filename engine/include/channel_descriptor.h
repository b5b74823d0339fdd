// Channel descriptors from C++ types (CUDA's channel_descriptor.h): cudaCreateChannelDesc<T>()
// describes T's channels for cudaMallocArray and texture resources. A type with no texel layout
// gives the empty descriptor (kind None), which the runtime then refuses.
#pragma once
#define __CHANNEL_DESCRIPTOR_H__

#include "cuda_runtime_api.h"
#include "vector_types.h"

namespace warpsafe::engine::texture {

// Bits per channel, channel count and kind of a texel type; the primary template is "no layout".
template <class T> struct ChannelLayout {
  static constexpr int kBits = 0, kChannels = 0;
  static constexpr cudaChannelFormatKind kKind = cudaChannelFormatKindNone;
};

#define WARPSAFE_CHANNEL_LAYOUT(type, bits, channels, kind)          \
  template <> struct ChannelLayout<type> {                           \
    static constexpr int kBits = bits, kChannels = channels;         \
    static constexpr cudaChannelFormatKind kKind = kind;             \
  };
#define WARPSAFE_CHANNEL_LAYOUTS(scalar, vec, bits, kind)      \
  WARPSAFE_CHANNEL_LAYOUT(scalar, bits, 1, kind)               \
  WARPSAFE_CHANNEL_LAYOUT(vec##1, bits, 1, kind)               \
  WARPSAFE_CHANNEL_LAYOUT(vec##2, bits, 2, kind)               \
  WARPSAFE_CHANNEL_LAYOUT(vec##4, bits, 4, kind)

WARPSAFE_CHANNEL_LAYOUT(char, 8, 1, static_cast<char>(-1) < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned)
WARPSAFE_CHANNEL_LAYOUTS(signed char, char, 8, cudaChannelFormatKindSigned)
WARPSAFE_CHANNEL_LAYOUTS(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
WARPSAFE_CHANNEL_LAYOUTS(short, short, 16, cudaChannelFormatKindSigned)
WARPSAFE_CHANNEL_LAYOUTS(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
WARPSAFE_CHANNEL_LAYOUTS(int, int, 32, cudaChannelFormatKindSigned)
WARPSAFE_CHANNEL_LAYOUTS(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
WARPSAFE_CHANNEL_LAYOUTS(float, float, 32, cudaChannelFormatKindFloat)
#undef WARPSAFE_CHANNEL_LAYOUTS
#undef WARPSAFE_CHANNEL_LAYOUT

}  // namespace warpsafe::engine::texture

template <class T> inline cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  using L = warpsafe::engine::texture::ChannelLayout<T>;
  const int b = L::kBits, n = L::kChannels;
  return cudaCreateChannelDesc(b, n >= 2 ? b : 0, n >= 3 ? b : 0, n >= 4 ? b : 0, L::kKind);
}

// Half-precision texels: 16-bit float channels (a fetch returns them as float).
inline cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
inline cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) { return cudaCreateChannelDescHalf(); }
inline cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
  return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
inline cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}
