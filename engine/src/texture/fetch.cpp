// The device side of a texture fetch (warpsafe/engine/texture/fetch.h): PlanFetch finds the
// texels and their weights, the program loads them, CombineFetch converts and filters them. A
// fetch CUDA leaves undefined is reported (invalid texture fetch) at the program's line.
#include <cmath>
#include <cstring>
#include <string>

#include "report/report.h"
#include "sched/lane.h"
#include "texture/addressing.h"
#include "texture/filtering.h"
#include "texture/texture_object.h"
#include "warpsafe/engine/texture/fetch.h"

namespace warpsafe::engine::texture {
namespace {

const char* FormName(FetchForm form) {
  switch (form) {
    case FetchForm::kIndex: return "tex1Dfetch";
    case FetchForm::k1D: return "tex1D";
    case FetchForm::k2D: return "tex2D";
    case FetchForm::k3D: return "tex3D";
    case FetchForm::k1DLod: return "tex1DLod";
    case FetchForm::k2DLod: return "tex2DLod";
    case FetchForm::k3DLod: return "tex3DLod";
    case FetchForm::k1DLayered: return "tex1DLayered";
    case FetchForm::k2DLayered: return "tex2DLayered";
    case FetchForm::kCubemap: return "texCubemap";
    case FetchForm::kCubemapLayered: return "texCubemapLayered";
    case FetchForm::k1DGrad: return "tex1DGrad";
    case FetchForm::k2DGrad: return "tex2DGrad";
    case FetchForm::k3DGrad: return "tex3DGrad";
    case FetchForm::k1DLayeredLod: return "tex1DLayeredLod";
    case FetchForm::k1DLayeredGrad: return "tex1DLayeredGrad";
    case FetchForm::k2DLayeredLod: return "tex2DLayeredLod";
    case FetchForm::k2DLayeredGrad: return "tex2DLayeredGrad";
    case FetchForm::kCubemapLod: return "texCubemapLod";
    case FetchForm::kCubemapGrad: return "texCubemapGrad";
    case FetchForm::kCubemapLayeredLod: return "texCubemapLayeredLod";
    case FetchForm::kCubemapLayeredGrad: return "texCubemapLayeredGrad";
  }
  return "a texture fetch";
}

// The form whose texels a form reads: the engine's textures have one level, which a level of
// detail or a pair of gradients selects whatever their values (TEX-12), so a Lod or Grad form
// reads what its plain form does.
FetchForm Shape(FetchForm form) {
  switch (form) {
    case FetchForm::k1DLod:
    case FetchForm::k1DGrad: return FetchForm::k1D;
    case FetchForm::k2DLod:
    case FetchForm::k2DGrad: return FetchForm::k2D;
    case FetchForm::k3DLod:
    case FetchForm::k3DGrad: return FetchForm::k3D;
    case FetchForm::k1DLayeredLod:
    case FetchForm::k1DLayeredGrad: return FetchForm::k1DLayered;
    case FetchForm::k2DLayeredLod:
    case FetchForm::k2DLayeredGrad: return FetchForm::k2DLayered;
    case FetchForm::kCubemapLod:
    case FetchForm::kCubemapGrad: return FetchForm::kCubemap;
    case FetchForm::kCubemapLayeredLod:
    case FetchForm::kCubemapLayeredGrad: return FetchForm::kCubemapLayered;
    case FetchForm::kIndex:
    case FetchForm::k1D:
    case FetchForm::k2D:
    case FetchForm::k3D:
    case FetchForm::k1DLayered:
    case FetchForm::k2DLayered:
    case FetchForm::kCubemap:
    case FetchForm::kCubemapLayered: return form;
  }
  return form;
}

// The coordinates a plain form (Shape) reads.
int Coordinates(FetchForm shape) {
  switch (shape) {
    case FetchForm::k2D:
    case FetchForm::k2DLayered:
    case FetchForm::kCubemap:
    case FetchForm::kCubemapLayered: return 2;  // a cube face's s and t
    case FetchForm::k3D: return 3;
    case FetchForm::kIndex:
    case FetchForm::k1D:
    case FetchForm::k1DLayered:
    case FetchForm::k1DLod:
    case FetchForm::k2DLod:
    case FetchForm::k3DLod:
    case FetchForm::k1DGrad:
    case FetchForm::k2DGrad:
    case FetchForm::k3DGrad:
    case FetchForm::k1DLayeredLod:
    case FetchForm::k1DLayeredGrad:
    case FetchForm::k2DLayeredLod:
    case FetchForm::k2DLayeredGrad:
    case FetchForm::kCubemapLod:
    case FetchForm::kCubemapGrad:
    case FetchForm::kCubemapLayeredLod:
    case FetchForm::kCubemapLayeredGrad: return 1;  // (Shape() gives none of the Lod and Grad forms)
  }
  return 1;
}

[[noreturn]] void Invalid(FetchForm form, cudaTextureObject_t object, Site site, const std::string& why) {
  const std::string through =
      object == kUnboundReference ? " through a texture reference" : " through texture object " + std::to_string(object);
  Report(DefectKind::kInvalidTextureFetch)
      .AtRunning(site, std::string(FormName(form)) + through)
      .Line(why + " (undefined)")
      .Emit();
}

bool ReturnsFloat(const TextureObject& o) {
  return o.format.kind == cudaChannelFormatKindFloat || o.texture.readMode == cudaReadModeNormalizedFloat;
}

// The largest value of an integer channel, the divisor of a normalized-float read.
std::int64_t Range(const Format& f) {
  const bool is_signed = f.kind == cudaChannelFormatKindSigned;
  return f.bits == 8 ? (is_signed ? 127 : 255) : (is_signed ? 32767 : 65535);
}

// Channel c of a loaded texel: a float (float and half texels) or an integer.
float FloatChannel(const Format& f, const unsigned char* texel, int c) {
  if (f.bits == 16) {
    std::uint16_t h;
    std::memcpy(&h, texel + 2 * c, 2);
    return HalfToFloat(h);
  }
  float v;
  std::memcpy(&v, texel + 4 * c, 4);
  return v;
}
std::int64_t IntChannel(const Format& f, const unsigned char* texel, int c) {
  const bool is_signed = f.kind == cudaChannelFormatKindSigned;
  switch (f.bits) {
    case 8: return is_signed ? std::int64_t{static_cast<std::int8_t>(texel[c])} : std::int64_t{texel[c]};
    case 16: {
      std::uint16_t v;
      std::memcpy(&v, texel + 2 * c, 2);
      return is_signed ? std::int64_t{static_cast<std::int16_t>(v)} : std::int64_t{v};
    }
    default: {
      std::uint32_t v;
      std::memcpy(&v, texel + 4 * c, 4);
      return is_signed ? std::int64_t{static_cast<std::int32_t>(v)} : std::int64_t{v};
    }
  }
}

// The object kind each form reads: a layered form a layered array of its dimensionality, a
// cubemap form a cubemap (layered or not, as the form), every other form an array that is
// neither. Returns why not, or nullptr.
std::string WrongKind(FetchForm form, const TextureObject& o) {
  const bool layered = o.layers != 0;
  const std::string name = FormName(form);
  const FetchForm shape = Shape(form);
  switch (shape) {
    case FetchForm::k1DLayered:
    case FetchForm::k2DLayered: {
      const int dims = shape == FetchForm::k1DLayered ? 1 : 2;
      if (!layered || o.cubemap || o.dims != dims) {
        return dims == 1 ? name + " reads a 1D layered array (cudaArrayLayered, height 0); this texture is not one"
                         : name + " reads a 2D layered array (cudaArrayLayered); this texture is not one";
      }
      return "";
    }
    case FetchForm::kCubemap:
      return o.cubemap && !layered ? ""
                                   : name + " reads a cubemap array (cudaArrayCubemap without cudaArrayLayered); this "
                                            "texture is not one";
    case FetchForm::kCubemapLayered:
      return o.cubemap && layered ? ""
                                  : name + " reads a layered cubemap array (cudaArrayCubemap | cudaArrayLayered); this "
                                           "texture is not one";
    case FetchForm::kIndex:
    case FetchForm::k1D:
    case FetchForm::k2D:
    case FetchForm::k3D:
    case FetchForm::k1DLod:
    case FetchForm::k2DLod:
    case FetchForm::k3DLod:
    case FetchForm::k1DGrad:
    case FetchForm::k2DGrad:
    case FetchForm::k3DGrad:
    case FetchForm::k1DLayeredLod:
    case FetchForm::k1DLayeredGrad:
    case FetchForm::k2DLayeredLod:
    case FetchForm::k2DLayeredGrad:
    case FetchForm::kCubemapLod:
    case FetchForm::kCubemapGrad:
    case FetchForm::kCubemapLayeredLod:
    case FetchForm::kCubemapLayeredGrad:
      return layered || o.cubemap ? "a layered or cubemap array is read by the layered and cubemap fetches only" : "";
  }
  return "";
}

// The layer a layered fetch reads: a layer past the last, or negative (taken as unsigned, as the
// hardware takes it), reads the last layer, as an H200 did (TEX-9).
std::size_t LayerOf(int layer, std::size_t layers) {
  const auto l = static_cast<std::size_t>(static_cast<unsigned>(layer));
  return l < layers ? l : layers - 1;
}

// The face of a cube a direction points at and the face's normalized coordinates (TEX-10): the
// axis of largest magnitude picks the face (+x 0, -x 1, +y 2, -y 3, +z 4, -z 5), and the other two
// coordinates, divided by that magnitude, map [-1, 1] to [0, 1] across it.
struct CubeFace {
  int face;
  float s, t;
};
CubeFace FaceOf(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  float m, sc, tc;
  int face;
  // Between axes of equal magnitude (a direction at an edge or a corner of the cube) z wins over
  // y and y over x, as an H200 chose (cube_* cases of layered_cubemap.cu at edges and corners).
  if (az >= ax && az >= ay) {
    m = az, face = z >= 0 ? 4 : 5, sc = z >= 0 ? x : -x, tc = -y;
  } else if (ay >= ax) {
    m = ay, face = y >= 0 ? 2 : 3, sc = x, tc = y >= 0 ? z : -z;
  } else {
    m = ax, face = x >= 0 ? 0 : 1, sc = x >= 0 ? -z : z, tc = -y;
  }
  return CubeFace{face, (sc / m + 1.0f) * 0.5f, (tc / m + 1.0f) * 0.5f};
}

std::uint32_t Bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

void PlanFetch(cudaTextureObject_t handle, FetchForm form, int index, float x, float y, float z, ResultShape shape,
               FetchPlan* plan, Site site) {
  if (CurrentLaneOrNull() == nullptr) NotInKernel(FormName(form), site);
  const TextureObject* o = FindTextureObject(handle);
  if (o == nullptr) {
    Invalid(form, handle, site,
            handle == kUnboundReference ? std::string("the reference is not bound (never bound, or unbound)")
            : handle == 0               ? std::string("the object is 0, which no cudaCreateTextureObject returns")
                                        : std::string("no live texture object has this handle (destroyed, or never created)"));
  }
  const bool index_form = form == FetchForm::kIndex;
  if (const std::string why = WrongKind(form, *o); !why.empty()) Invalid(form, handle, site, why);
  const FetchForm plain = Shape(form);
  if (index_form != o->linear_memory) {
    Invalid(form, handle, site,
            index_form ? "tex1Dfetch reads linear memory only; this object is a CUDA array or pitched memory"
                       : "a texture over linear memory is read by tex1Dfetch only");
  }
  if (shape.is_float != ReturnsFloat(*o)) {
    Invalid(form, handle, site,
            std::string("the fetch asks for ") + (shape.is_float ? "a float type" : "an integer type") +
                " but the texture returns " + (ReturnsFloat(*o) ? "floats" : "integers") +
                " (its texels' kind and read mode)");
  }
  const bool normalized_read = o->texture.readMode == cudaReadModeNormalizedFloat &&
                               o->format.kind != cudaChannelFormatKindFloat;
  if (normalized_read && o->format.bits == 32) {
    Invalid(form, handle, site, "a normalized-float read needs 8- or 16-bit integer texels; these are 32-bit");
  }
  const bool linear = !index_form && o->texture.filterMode == cudaFilterModeLinear;
  if (linear && o->format.kind != cudaChannelFormatKindFloat && !normalized_read) {
    Invalid(form, handle, site, "linear filtering needs float texels or a normalized-float read mode");
  }
  // Per axis: the form's coordinates address the object's axes; an axis the form does not
  // address is read at its first texel. A 1D array is filtered as a 2D texture of one row read at
  // y = 0 (TEX-4): the rows above and below that coordinate weigh half each, which shows where
  // the row above is a border.
  float coords[3] = {x, y, z};
  // The slice a layered or cubemap fetch reads; its coordinates address that slice's texels.
  std::size_t slice = 0;
  const bool cube = plain == FetchForm::kCubemap || plain == FetchForm::kCubemapLayered;
  if (plain == FetchForm::k1DLayered || plain == FetchForm::k2DLayered) slice = LayerOf(index, o->layers);
  if (cube) {
    if (std::isnan(x) || std::isnan(y) || std::isnan(z)) {
      Invalid(form, handle, site, "the direction has a NaN coordinate");
    }
    if (x == 0 && y == 0 && z == 0) Invalid(form, handle, site, "the direction is (0, 0, 0), which points at no face");
    const CubeFace f = FaceOf(x, y, z);
    slice = (plain == FetchForm::kCubemapLayered ? 6 * LayerOf(index, o->layers) : 0) + static_cast<std::size_t>(f.face);
    coords[0] = f.s;
    coords[1] = f.t;
    coords[2] = 0;
  }
  int addressed = Coordinates(plain);
  if (linear && o->dims == 1 && addressed == 1 && o->layers == 0) addressed = 2;
  AxisTaps axes[3];
  for (int a = 0; a < 3; ++a) {
    if (a >= addressed) {
      axes[a] = AxisTaps{1, {0, 0}, {false, false}, {256, 0}};
      continue;
    }
    if (index_form) {
      const std::int64_t i = index;
      if (i < 0 || static_cast<std::size_t>(i) >= o->extent[0]) {
        Invalid(form, handle, site,
                "index " + std::to_string(i) + " is outside the texture's " + std::to_string(o->extent[0]) +
                    " texels, and tex1Dfetch applies no address mode");
      }
      axes[a] = AxisTaps{1, {i, 0}, {false, false}, {256, 0}};
      continue;
    }
    const AxisRule rule{o->extent[a], o->texture.addressMode[a], cube || o->texture.normalizedCoords != 0, linear};
    if (const char* why = Address(coords[a], rule, &axes[a])) {
      Invalid(form, handle, site, std::string("coordinate ") + "xyz"[a] + " = " + std::to_string(coords[a]) + ": " + why);
    }
  }
  plan->count = 0;
  plan->texel_bytes = static_cast<unsigned>(o->format.TexelBytes());
  plan->object = o;
  const char* base = o->base + slice * o->slice_pitch;
  const int filtered_axes = linear ? addressed : 0;
  const std::int32_t upper[3] = {axes[0].weight[1], axes[1].weight[1], axes[2].weight[1]};
  for (int k = 0; k < axes[2].count; ++k)
    for (int j = 0; j < axes[1].count; ++j)
      for (int i = 0; i < axes[0].count; ++i) {
        const int n = plan->count++;
        const bool border = axes[0].border[i] || axes[1].border[j] || axes[2].border[k];
        plan->address[n] = border ? nullptr
                                  : base + axes[2].index[k] * o->slice_pitch + axes[1].index[j] * o->row_pitch +
                                        axes[0].index[i] * o->format.TexelBytes();
        const unsigned upper_set = static_cast<unsigned>(i | (j << 1) | (k << 2));
        plan->weight[n] = filtered_axes == 0 ? 256 : TapWeight(upper, filtered_axes, upper_set);
      }
}

FetchResult CombineFetch(const FetchPlan& plan, const unsigned char (*texels)[16], Site site) {
  (void)site;
  const TextureObject& o = *static_cast<const TextureObject*>(plan.object);
  const Format& f = o.format;
  FetchResult r{};
  const bool normalized_read = o.texture.readMode == cudaReadModeNormalizedFloat && f.kind != cudaChannelFormatKindFloat;
  for (int c = 0; c < f.channels; ++c) {
    if (f.kind == cudaChannelFormatKindFloat) {
      float v[8];
      for (int t = 0; t < plan.count; ++t)
        v[t] = plan.address[t] ? FloatChannel(f, texels[t], c) : o.texture.borderColor[c];
      const float out = plan.count == 1 ? v[0]
                        : f.IsHalf()    ? WeightedHalf(v, plan.weight, plan.count)
                                        : WeightedFloat(v, plan.weight, plan.count);
      r.word[c] = Bits(out);
    } else if (normalized_read) {
      const std::int64_t range = Range(f);
      const bool is_signed = f.kind == cudaChannelFormatKindSigned;
      std::int64_t v[8];
      for (int t = 0; t < plan.count; ++t) {
        v[t] = plan.address[t] ? IntChannel(f, texels[t], c)
                               : static_cast<std::int64_t>(std::lround(o.texture.borderColor[c] * range));
      }
      double value;
      if (plan.count == 1) {
        value = static_cast<double>(v[0]) / static_cast<double>(range);
      } else {
        const std::int64_t scale = is_signed ? 32767 : 65535;
        value = static_cast<double>(WeightedFixed(v, plan.weight, plan.count, scale, range)) / static_cast<double>(scale);
      }
      float out = static_cast<float>(value);
      if (out < -1.0f) out = -1.0f;  // the most negative integer reads as -1
      r.word[c] = Bits(out);
    } else {
      r.word[c] = plan.address[0] ? static_cast<std::uint32_t>(IntChannel(f, texels[0], c))
                                  : static_cast<std::uint32_t>(static_cast<std::int32_t>(o.texture.borderColor[c]));
    }
  }
  return r;
}

}  // namespace warpsafe::engine::texture
