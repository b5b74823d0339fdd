#include "texture/format.h"

extern "C" cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

namespace warpsafe::engine::texture {

bool ReadFormat(const cudaChannelFormatDesc& d, Format* out) {
  const int widths[4] = {d.x, d.y, d.z, d.w};
  int channels = 0;
  while (channels < 4 && widths[channels] != 0) ++channels;
  for (int i = channels; i < 4; ++i)
    if (widths[i] != 0) return false;  // a gap: y without x, ...
  if (channels == 0 || channels == 3) return false;
  for (int i = 1; i < channels; ++i)
    if (widths[i] != d.x) return false;
  switch (d.f) {
    case cudaChannelFormatKindSigned:
    case cudaChannelFormatKindUnsigned:
      if (d.x != 8 && d.x != 16 && d.x != 32) return false;
      break;
    case cudaChannelFormatKindFloat:
      if (d.x != 16 && d.x != 32) return false;
      break;
    case cudaChannelFormatKindNone:
      return false;
  }
  *out = Format{d.f, d.x, channels};
  return true;
}

}  // namespace warpsafe::engine::texture
