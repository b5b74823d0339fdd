// The level-of-detail and gradient fetches of layered and cubemap textures (tex1DLayeredLod/Grad,
// tex2DLayeredLod/Grad, texCubemapLod/Grad, texCubemapLayeredLod/Grad) and the gradient fetches of
// plain ones (tex1DGrad, tex2DGrad, tex3DGrad), in their return and pointer forms, over arrays
// that are not mipmapped: a texture of one level reads that level whatever level or gradients the
// fetch names (TEX-12). Levels below zero, fractional and far past the last level, gradients of
// zero, of a texel and of many texels; point and linear filtering, clamp, wrap and border.
// Built with nvcc it prints what the GPU computed, as the table Inputs/lod_grad_gpu_values.h holds;
// built by warpsafe with WARPSAFE_EXPECTED defined it compares every result with that table bit
// for bit and prints "all match the GPU".
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NOT:  {{.}}
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      printf("FAIL %s (line %d): %s\n", #x, __LINE__, cudaGetErrorString(e_)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/lod_grad_gpu_values.h"
static int failures = 0;
#include <cmath>
// Bit for bit, except the words `trilinear` picks (3D linear fetches): within two of the filter's
// weight units of the texel range (TEX-7: the engine's trilinear weights are not the GPU's bit for
// bit), 0.125 for these texels' range of 16.
#define CASE(name, words) Compare(#name, words, k_##name, sizeof(k_##name) / sizeof(k_##name[0]), nullptr)
#define CASE_TRILINEAR(name, words, trilinear) \
  Compare(#name, words, k_##name, sizeof(k_##name) / sizeof(k_##name[0]), trilinear)
static void Compare(const char* name, const std::vector<std::uint32_t>& w, const std::uint32_t* gpu, size_t n,
                    bool (*trilinear)(size_t)) {
  if (w.size() != n) { printf("MISMATCH %s: %zu words, the GPU's %zu\n", name, w.size(), n); ++failures; return; }
  int shown = 0;
  for (size_t i = 0; i < n; ++i) {
    if (w[i] == gpu[i]) continue;
    if (trilinear != nullptr && trilinear(i)) {
      float a, b;
      std::memcpy(&a, &w[i], 4);
      std::memcpy(&b, &gpu[i], 4);
      if (std::fabs(a - b) <= 0.125f) continue;
    }
    if (shown++ < 4) printf("MISMATCH %s[%zu]: %08x, the GPU's %08x\n", name, i, w[i], gpu[i]);
    ++failures;
  }
}
#else
#define CASE(name, words) Print(#name, words)
#define CASE_TRILINEAR(name, words, trilinear) Print(#name, words)
static void Print(const char* name, const std::vector<std::uint32_t>& w) {
  printf("static const std::uint32_t k_%s[%zu] = {", name, w.size());
  for (size_t i = 0; i < w.size(); ++i) printf("%s0x%08x,", i % 8 == 0 ? "\n    " : " ", w[i]);
  printf("\n};\n");
}
#endif

static std::uint32_t g_seed = 4242u;
static std::uint32_t Next() { return g_seed = g_seed * 1664525u + 1013904223u; }
static float RandomFloat(float lo, float hi) { return lo + (hi - lo) * float(Next() >> 8) / float(1u << 24); }

// One fetch: coordinates, layer, level and the two gradients (as many components as the form reads).
struct Query {
  float x, y, z;
  int layer;
  float level;
  float4 dx, dy;
};

enum Form {
  k1DLayeredLod, k1DLayeredGrad, k2DLayeredLod, k2DLayeredGrad, kCubeLod, kCubeGrad, kCubeLayeredLod,
  kCubeLayeredGrad, k1DGrad, k2DGrad, k3DGrad
};

template <class T> __device__ T FetchOne(cudaTextureObject_t t, Form form, const Query& q) {
  switch (form) {
    case k1DLayeredLod: return tex1DLayeredLod<T>(t, q.x, q.layer, q.level);
    case k1DLayeredGrad: return tex1DLayeredGrad<T>(t, q.x, q.layer, q.dx.x, q.dy.x);
    case k2DLayeredLod: return tex2DLayeredLod<T>(t, q.x, q.y, q.layer, q.level);
    case k2DLayeredGrad: return tex2DLayeredGrad<T>(t, q.x, q.y, q.layer, make_float2(q.dx.x, q.dx.y), make_float2(q.dy.x, q.dy.y));
    case kCubeLod: return texCubemapLod<T>(t, q.x, q.y, q.z, q.level);
    case kCubeGrad: return texCubemapGrad<T>(t, q.x, q.y, q.z, q.dx, q.dy);
    case kCubeLayeredLod: return texCubemapLayeredLod<T>(t, q.x, q.y, q.z, q.layer, q.level);
    case kCubeLayeredGrad: return texCubemapLayeredGrad<T>(t, q.x, q.y, q.z, q.layer, q.dx, q.dy);
    case k1DGrad: return tex1DGrad<T>(t, q.x, q.dx.x, q.dy.x);
    case k2DGrad: return tex2DGrad<T>(t, q.x, q.y, make_float2(q.dx.x, q.dx.y), make_float2(q.dy.x, q.dy.y));
    default: return tex3DGrad<T>(t, q.x, q.y, q.z, q.dx, q.dy);
  }
}

template <class T> __global__ void Fetch(cudaTextureObject_t t, Form form, const Query* q, T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = FetchOne<T>(t, form, q[i]);
}

// The pointer forms, once per thread.
__global__ void FetchThroughPointers(cudaTextureObject_t l1, cudaTextureObject_t l2, cudaTextureObject_t cube,
                                     cudaTextureObject_t cube_layered, cudaTextureObject_t p1,
                                     cudaTextureObject_t p2, cudaTextureObject_t p3, float* out) {
  const float f = threadIdx.x * 0.37f;
  float* o = out + 14 * threadIdx.x;
  const float4 d = make_float4(0.1f * f, 0.2f, 0.3f, 0), e = make_float4(0.5f, f, 0.05f, 0);
  tex1DLayeredLod(&o[0], l1, f, 1, f - 2);
  tex1DLayeredGrad(&o[1], l1, f, 2, d.x, e.x);
  tex2DLayeredLod(&o[2], l2, f, f * 0.5f, 2, 0.75f);
  tex2DLayeredGrad(&o[3], l2, f, f * 0.5f, 3, make_float2(d.x, d.y), make_float2(e.x, e.y));
  texCubemapLod(&o[4], cube, 1.0f - f * 0.3f, f - 1.0f, 0.5f, f);
  texCubemapGrad(&o[5], cube, 1.0f - f * 0.3f, f - 1.0f, 0.5f, d, e);
  texCubemapLayeredLod(&o[6], cube_layered, -0.5f, 1.0f, f - 1.5f, 1, 3.0f);
  texCubemapLayeredGrad(&o[7], cube_layered, -0.5f, 1.0f, f - 1.5f, 0, d, e);
  tex1DGrad(&o[8], p1, f, d.x, e.x);
  tex2DGrad(&o[9], p2, f, f * 0.25f, make_float2(d.x, d.y), make_float2(e.x, e.y));
  tex3DGrad(&o[10], p3, f * 0.5f, f * 0.25f, f * 0.125f, d, e);
  tex1DLod(&o[11], p1, f, 2.0f);
  tex2DLod(&o[12], p2, f, f * 0.25f, -1.0f);
  tex3DLod(&o[13], p3, f * 0.5f, f * 0.25f, f * 0.125f, 0.5f);
}

template <class T> static void Words(const T& v, std::vector<std::uint32_t>* out) {
  std::uint32_t w[sizeof(T) / 4];
  std::memcpy(w, &v, sizeof(T));
  for (std::uint32_t x : w) out->push_back(x);
}

template <class T>
static std::vector<std::uint32_t> Run(cudaTextureObject_t t, Form form, const std::vector<Query>& in) {
  const int n = int(in.size());
  Query* d_in;
  T* d_out;
  CK(cudaMalloc(&d_in, n * sizeof(Query)));
  CK(cudaMalloc(&d_out, n * sizeof(T)));
  CK(cudaMemcpy(d_in, in.data(), n * sizeof(Query), cudaMemcpyHostToDevice));
  CK(cudaMemset(d_out, 0xa5, n * sizeof(T)));  // poison: a fetch that writes nothing shows
  Fetch<T><<<(n + 127) / 128, 128>>>(t, form, d_in, d_out, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<T> out(n);
  CK(cudaMemcpy(out.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
  CK(cudaFree(d_in));
  CK(cudaFree(d_out));
  std::vector<std::uint32_t> w;
  for (const T& v : out) Words(v, &w);
  return w;
}

static cudaTextureDesc TexDesc(cudaTextureFilterMode filter, cudaTextureAddressMode mode, int normalized) {
  cudaTextureDesc d;
  std::memset(&d, 0, sizeof d);
  d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = mode;
  d.filterMode = filter;
  d.readMode = cudaReadModeElementType;
  d.normalizedCoords = normalized;
  d.borderColor[0] = 0.25f;
  return d;
}

// An array of width x height x depth float texels (height 0: 1D; depth 0: 1D or 2D; layered and
// cubemap arrays count their slices in depth), filled by one cudaMemcpy3D.
static cudaArray_t Array(const std::vector<float>& texels, size_t width, size_t height, size_t depth, unsigned flags) {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(width, height, depth), flags));
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr((void*)texels.data(), width * sizeof(float), width, height == 0 ? 1 : height);
  p.dstArray = a;
  p.extent = make_cudaExtent(width, height == 0 ? 1 : height, depth == 0 ? 1 : depth);
  p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  return a;
}

static cudaTextureObject_t Texture(cudaArray_t a, const cudaTextureDesc& td) {
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
  return t;
}

static std::vector<float> RandomTexels(size_t n) {
  std::vector<float> v(n);
  for (float& x : v) x = RandomFloat(-8, 8);
  return v;
}

static const float kLevels[] = {0.0f, 0.5f, 1.0f, 2.5f, -1.0f, 40.0f};
static const float4 kGradients[][2] = {
    {{0, 0, 0, 0}, {0, 0, 0, 0}},         {{0.125f, 0, 0, 0}, {0, 0.125f, 0, 0}},
    {{1, 0.5f, 0.25f, 0}, {0.5f, 1, 0.75f, 0}}, {{6, -3, 2, 0}, {-4, 5, 7, 0}},
    {{300, 0, -250, 0}, {0, -400, 90, 0}}};

// Each coordinate once per level (the Lod forms) or per pair of gradients (the Grad forms).
static std::vector<Query> Spread(const std::vector<Query>& at, bool grad) {
  std::vector<Query> q;
  for (const Query& p : at) {
    if (grad) {
      for (const auto& g : kGradients) {
        Query r = p;
        r.dx = g[0], r.dy = g[1];
        q.push_back(r);
      }
    } else {
      for (float level : kLevels) {
        Query r = p;
        r.level = level;
        q.push_back(r);
      }
    }
  }
  return q;
}

static std::vector<Query> Line(float from, float step, int n, const std::vector<int>& layers) {
  std::vector<Query> q;
  for (int layer : layers)
    for (int i = 0; i < n; ++i) q.push_back({from + step * i, 0, 0, layer, 0, {}, {}});
  return q;
}

static std::vector<Query> Grid(float from, float step, int n, const std::vector<int>& layers, bool depth) {
  std::vector<Query> q;
  for (int layer : layers)
    for (int k = 0; k < (depth ? 4 : 1); ++k)
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          q.push_back({from + step * i, from + step * j * 0.9f, depth ? from + step * k * 2.1f : 0, layer, 0, {}, {}});
  return q;
}

static std::vector<Query> Directions(int n, const std::vector<int>& layers) {
  std::vector<Query> q;
  for (int layer : layers)
    for (int i = 0; i < n; ++i) q.push_back({RandomFloat(-2, 2), RandomFloat(-2, 2), RandomFloat(-2, 2), layer, 0, {}, {}});
  return q;
}

int main() {
  cudaArray_t l1 = Array(RandomTexels(8 * 3), 8, 0, 3, cudaArrayLayered);
  cudaArray_t l2 = Array(RandomTexels(6 * 5 * 4), 6, 5, 4, cudaArrayLayered);
  cudaArray_t cube = Array(RandomTexels(4 * 4 * 6), 4, 4, 6, cudaArrayCubemap);
  cudaArray_t cube_layered = Array(RandomTexels(4 * 4 * 12), 4, 4, 12, cudaArrayCubemap | cudaArrayLayered);
  cudaArray_t p1 = Array(RandomTexels(8), 8, 0, 0, 0);
  cudaArray_t p2 = Array(RandomTexels(6 * 5), 6, 5, 0, 0);
  cudaArray_t p3 = Array(RandomTexels(4 * 3 * 5), 4, 3, 5, 0);
  const cudaTextureDesc linear_clamp = TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, 1);
  const cudaTextureDesc point_wrap = TexDesc(cudaFilterModePoint, cudaAddressModeWrap, 1);
  const cudaTextureDesc linear_border = TexDesc(cudaFilterModeLinear, cudaAddressModeBorder, 0);
  {
    const std::vector<Query> at = Line(-0.1f, 0.06f, 21, {0, 2, 5});
    cudaTextureObject_t t = Texture(l1, linear_clamp);
    CASE(l1d_lod_linear_clamp, Run<float>(t, k1DLayeredLod, Spread(at, false)));
    CASE(l1d_grad_linear_clamp, Run<float>(t, k1DLayeredGrad, Spread(at, true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(l1, point_wrap);
    CASE(l1d_lod_point_wrap, Run<float>(t, k1DLayeredLod, Spread(at, false)));
    CASE(l1d_grad_point_wrap, Run<float>(t, k1DLayeredGrad, Spread(at, true)));
    CK(cudaDestroyTextureObject(t));
    const std::vector<Query> unnormalized = Line(-1.5f, 0.45f, 24, {1, -1});
    t = Texture(l1, linear_border);
    CASE(l1d_lod_linear_border, Run<float>(t, k1DLayeredLod, Spread(unnormalized, false)));
    CASE(l1d_grad_linear_border, Run<float>(t, k1DLayeredGrad, Spread(unnormalized, true)));
    CK(cudaDestroyTextureObject(t));
  }
  {
    const std::vector<Query> at = Grid(-0.1f, 0.11f, 11, {0, 3, 4}, false);
    cudaTextureObject_t t = Texture(l2, linear_clamp);
    CASE(l2d_lod_linear_clamp, Run<float>(t, k2DLayeredLod, Spread(at, false)));
    CASE(l2d_grad_linear_clamp, Run<float>(t, k2DLayeredGrad, Spread(at, true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(l2, point_wrap);
    CASE(l2d_lod_point_wrap, Run<float>(t, k2DLayeredLod, Spread(at, false)));
    CASE(l2d_grad_point_wrap, Run<float>(t, k2DLayeredGrad, Spread(at, true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(l2, linear_border);
    CASE(l2d_lod_linear_border, Run<float>(t, k2DLayeredLod, Spread(Grid(-1.0f, 0.7f, 10, {1}, false), false)));
    CASE(l2d_grad_linear_border, Run<float>(t, k2DLayeredGrad, Spread(Grid(-1.0f, 0.7f, 10, {2}, false), true)));
    CK(cudaDestroyTextureObject(t));
  }
  {
    const std::vector<Query> at = Directions(60, {0});
    const std::vector<Query> layered = Directions(60, {0, 1, 2});
    cudaTextureObject_t t = Texture(cube, linear_clamp);
    CASE(cube_lod_linear, Run<float>(t, kCubeLod, Spread(at, false)));
    CASE(cube_grad_linear, Run<float>(t, kCubeGrad, Spread(at, true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(cube, point_wrap);
    CASE(cube_lod_point, Run<float>(t, kCubeLod, Spread(at, false)));
    CASE(cube_grad_point, Run<float>(t, kCubeGrad, Spread(at, true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(cube_layered, linear_clamp);
    CASE(cube_layered_lod_linear, Run<float>(t, kCubeLayeredLod, Spread(layered, false)));
    CASE(cube_layered_grad_linear, Run<float>(t, kCubeLayeredGrad, Spread(layered, true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(cube_layered, point_wrap);
    CASE(cube_layered_lod_point, Run<float>(t, kCubeLayeredLod, Spread(layered, false)));
    CASE(cube_layered_grad_point, Run<float>(t, kCubeLayeredGrad, Spread(layered, true)));
    CK(cudaDestroyTextureObject(t));
  }
  {
    cudaTextureObject_t t = Texture(p1, linear_clamp);
    CASE(p1d_grad_linear, Run<float>(t, k1DGrad, Spread(Line(-0.1f, 0.06f, 21, {0}), true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(p2, point_wrap);
    CASE(p2d_grad_point, Run<float>(t, k2DGrad, Spread(Grid(-0.1f, 0.11f, 11, {0}, false), true)));
    CK(cudaDestroyTextureObject(t));
    t = Texture(p3, linear_clamp);
    CASE_TRILINEAR(p3d_grad_linear, Run<float>(t, k3DGrad, Spread(Grid(-0.1f, 0.13f, 9, {0}, true), true)),
                   [](size_t) { return true; });
    CK(cudaDestroyTextureObject(t));
  }
  {
    cudaTextureObject_t o[7] = {Texture(l1, linear_clamp), Texture(l2, point_wrap), Texture(cube, linear_clamp),
                                Texture(cube_layered, linear_clamp), Texture(p1, linear_clamp),
                                Texture(p2, point_wrap), Texture(p3, linear_clamp)};
    float* d;
    CK(cudaMalloc(&d, 14 * 32 * sizeof(float)));
    CK(cudaMemset(d, 0xa5, 14 * 32 * sizeof(float)));
    FetchThroughPointers<<<1, 32>>>(o[0], o[1], o[2], o[3], o[4], o[5], o[6], d);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<float> out(14 * 32);
    CK(cudaMemcpy(out.data(), d, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
    std::vector<std::uint32_t> w;
    for (float f : out) Words(f, &w);
    // Slots 10 and 13 of each thread's 14 are the 3D fetches (tex3DGrad, tex3DLod).
    CASE_TRILINEAR(pointer_forms, w, [](size_t i) { return i % 14 == 10 || i % 14 == 13; });
    for (cudaTextureObject_t t : o) CK(cudaDestroyTextureObject(t));
    CK(cudaFree(d));
  }
  for (cudaArray_t a : {l1, l2, cube, cube_layered, p1, p2, p3}) CK(cudaFreeArray(a));
#ifdef WARPSAFE_EXPECTED
  if (failures == 0) printf("all match the GPU\n");
  return failures == 0 ? 0 : 1;
#else
  return 0;
#endif
}
