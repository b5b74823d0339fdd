// Fetches from layered and cubemap textures, as a program would write them: 1D and 2D layered
// arrays (tex1DLayered, tex2DLayered) and cubemap and layered cubemap arrays (texCubemap,
// texCubemapLayered), made with cudaMalloc3DArray and filled with cudaMemcpy3D; point and linear
// filtering, clamp, wrap and border addressing, float texels and normalized 8-bit ones, layers
// outside the array, cube directions on every face, on the edges between faces and at corners.
// Built with nvcc it prints what the GPU computed, as the table Inputs/layered_cubemap_gpu_values.h
// holds; built by warpsafe with WARPSAFE_EXPECTED defined it compares every result with that table
// bit for bit and prints "all match the GPU".
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
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
#include "Inputs/layered_cubemap_gpu_values.h"
static int failures = 0;
#endif

#ifndef WARPSAFE_EXPECTED
#define CASE(name, words) Print(#name, words)
static void Print(const char* name, const std::vector<std::uint32_t>& w) {
  printf("static const std::uint32_t k_%s[%zu] = {", name, w.size());
  for (size_t i = 0; i < w.size(); ++i) printf("%s0x%08x,", i % 8 == 0 ? "\n    " : " ", w[i]);
  printf("\n};\n");
}
#else
#define CASE(name, words) Compare(#name, words, k_##name, sizeof(k_##name) / sizeof(k_##name[0]))
static void Compare(const char* name, const std::vector<std::uint32_t>& w, const std::uint32_t* gpu, size_t n) {
  if (w.size() != n) { printf("MISMATCH %s: %zu words, the GPU's %zu\n", name, w.size(), n); ++failures; return; }
  int shown = 0;
  for (size_t i = 0; i < n; ++i)
    if (w[i] != gpu[i]) {
      if (shown++ < 4) printf("MISMATCH %s[%zu]: %08x, the GPU's %08x\n", name, i, w[i], gpu[i]);
      ++failures;
    }
  if (shown > 4) printf("MISMATCH %s: %d of %zu words differ\n", name, shown, n);
}
#endif

static std::uint32_t g_seed = 777u;
static std::uint32_t Next() { return g_seed = g_seed * 1664525u + 1013904223u; }
static float RandomFloat(float lo, float hi) { return lo + (hi - lo) * float(Next() >> 8) / float(1u << 24); }

// One fetch's coordinates: x, y, z and the layer.
struct Query {
  float x, y, z;
  int layer;
};

enum Form { k1DLayered, k2DLayered, kCube, kCubeLayered };

template <class T> __device__ T FetchOne(cudaTextureObject_t t, Form form, const Query& q) {
  switch (form) {
    case k1DLayered: return tex1DLayered<T>(t, q.x, q.layer);
    case k2DLayered: return tex2DLayered<T>(t, q.x, q.y, q.layer);
    case kCube: return texCubemap<T>(t, q.x, q.y, q.z);
    default: return texCubemapLayered<T>(t, q.x, q.y, q.z, q.layer);
  }
}

template <class T> __global__ void Fetch(cudaTextureObject_t t, Form form, const Query* q, T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = FetchOne<T>(t, form, q[i]);
}

// The pointer forms, once per thread.
__global__ void FetchThroughPointers(cudaTextureObject_t l1, cudaTextureObject_t l2, cudaTextureObject_t cube,
                                     cudaTextureObject_t cube_layered, float* out) {
  const float f = threadIdx.x * 0.37f;
  tex1DLayered(&out[4 * threadIdx.x], l1, f, 1);
  tex2DLayered(&out[4 * threadIdx.x + 1], l2, f, f * 0.5f, 2);
  texCubemap(&out[4 * threadIdx.x + 2], cube, 1.0f - f * 0.3f, f - 1.0f, 0.5f);
  texCubemapLayered(&out[4 * threadIdx.x + 3], cube_layered, -0.5f, 1.0f, f - 1.5f, 1);
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

static cudaTextureDesc TexDesc(cudaTextureFilterMode filter, cudaTextureAddressMode mode, cudaTextureReadMode read,
                               int normalized) {
  cudaTextureDesc d;
  std::memset(&d, 0, sizeof d);
  d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = mode;
  d.filterMode = filter;
  d.readMode = read;
  d.normalizedCoords = normalized;
  d.borderColor[0] = 0.25f;
  d.borderColor[1] = 0.5f;
  d.borderColor[2] = 0.75f;
  d.borderColor[3] = 1.0f;
  return d;
}

// A layered or cubemap array of width x height texels in `layers` slices (height 0: 1D layered),
// filled by one cudaMemcpy3D from host memory.
template <class T>
static cudaArray_t LayeredArray(const std::vector<T>& texels, size_t width, size_t height, size_t layers,
                                unsigned flags) {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<T>();
  cudaArray_t a;
  CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(width, height, layers), flags));
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr((void*)texels.data(), width * sizeof(T), width, height == 0 ? 1 : height);
  p.dstArray = a;
  p.extent = make_cudaExtent(width, height == 0 ? 1 : height, layers);
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

template <class T> static std::vector<T> RandomTexels(size_t n, float lo, float hi) {
  std::vector<T> v(n);
  for (T& x : v) x = T(RandomFloat(lo, hi));
  return v;
}

// Directions: the centre of every texel of every face, random directions, the edges between faces
// (two coordinates of equal magnitude) and the corners (three), each with and without a small
// step off the edge, and directions whose major coordinate is not 1.
static std::vector<Query> CubeDirections(int width, const std::vector<int>& layers) {
  std::vector<Query> q;
  for (int layer : layers) {
    for (int face = 0; face < 6; ++face)
      for (int j = 0; j < width; ++j)
        for (int i = 0; i < width; ++i) {
          const float s = (i + 0.5f) / width * 2 - 1, t = (j + 0.5f) / width * 2 - 1;
          const float sign = face % 2 == 0 ? 1.0f : -1.0f;
          Query d{0, 0, 0, layer};
          if (face / 2 == 0) d.x = sign, d.y = t, d.z = s;
          if (face / 2 == 1) d.y = sign, d.x = s, d.z = t;
          if (face / 2 == 2) d.z = sign, d.x = s, d.y = t;
          q.push_back(d);
        }
    const float steps[] = {0.0f, 1e-3f, -1e-3f, 0.2f};
    for (float e : steps)
      for (int sx = -1; sx <= 1; sx += 2)
        for (int sy = -1; sy <= 1; sy += 2)
          for (int sz = -1; sz <= 1; sz += 2) {
            q.push_back({float(sx) * (1 + e), float(sy), float(sz), layer});   // corners
            q.push_back({float(sx), float(sy) * (1 + e), 0.3f * sz, layer});    // x-y edges
            q.push_back({float(sx) * 0.7f, float(sy), float(sz) * (1 + e), layer});  // y-z edges
            q.push_back({float(sx), -0.4f * sy, float(sz) * (1 - e), layer});   // x-z edges
          }
    for (int r = 0; r < 200; ++r) {
      Query d{RandomFloat(-3, 3), RandomFloat(-3, 3), RandomFloat(-3, 3), layer};
      q.push_back(d);
    }
  }
  return q;
}

int main() {
  // 1D layered: 8 texels in 3 layers.
  const int w1 = 8, l1 = 3;
  const std::vector<float> t1 = RandomTexels<float>(w1 * l1, -4, 4);
  cudaArray_t a1 = LayeredArray(t1, w1, 0, l1, cudaArrayLayered);
  {
    std::vector<Query> q;
    for (int layer : {-2, -1, 0, 1, 2, 3, 7})
      for (int i = 0; i < 45; ++i) q.push_back({-1.5f + 0.25f * i, 0, 0, layer});
    cudaTextureObject_t t = Texture(a1, TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 0));
    CASE(l1d_point_clamp, Run<float>(t, k1DLayered, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(a1, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0));
    CASE(l1d_linear_clamp, Run<float>(t, k1DLayered, q));
    CK(cudaDestroyTextureObject(t));
  }
  {
    std::vector<Query> q;
    for (int layer : {0, 1, 2})
      for (int i = 0; i < 57; ++i) q.push_back({-0.2f + 0.025f * i, 0, 0, layer});
    cudaTextureObject_t t = Texture(a1, TexDesc(cudaFilterModeLinear, cudaAddressModeBorder, cudaReadModeElementType, 1));
    CASE(l1d_linear_border_norm, Run<float>(t, k1DLayered, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(a1, TexDesc(cudaFilterModeLinear, cudaAddressModeWrap, cudaReadModeElementType, 1));
    CASE(l1d_linear_wrap_norm, Run<float>(t, k1DLayered, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(a1, TexDesc(cudaFilterModePoint, cudaAddressModeMirror, cudaReadModeElementType, 1));
    CASE(l1d_point_mirror_norm, Run<float>(t, k1DLayered, q));
    CK(cudaDestroyTextureObject(t));
  }
  // 2D layered: 6 x 5 texels in 4 layers, float and normalized uchar4.
  const int w2 = 6, h2 = 5, l2 = 4;
  const std::vector<float> t2 = RandomTexels<float>(w2 * h2 * l2, -8, 8);
  cudaArray_t a2 = LayeredArray(t2, w2, h2, l2, cudaArrayLayered);
  {
    std::vector<Query> q;
    for (int layer : {-1, 0, 1, 3, 4})
      for (int j = 0; j < 11; ++j)
        for (int i = 0; i < 13; ++i) q.push_back({-0.1f + 0.1f * i, -0.125f + 0.125f * j, 0, layer});
    cudaTextureObject_t t = Texture(a2, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 1));
    CASE(l2d_linear_clamp_norm, Run<float>(t, k2DLayered, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(a2, TexDesc(cudaFilterModeLinear, cudaAddressModeWrap, cudaReadModeElementType, 1));
    CASE(l2d_linear_wrap_norm, Run<float>(t, k2DLayered, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(a2, TexDesc(cudaFilterModePoint, cudaAddressModeBorder, cudaReadModeElementType, 1));
    CASE(l2d_point_border_norm, Run<float>(t, k2DLayered, q));
    CK(cudaDestroyTextureObject(t));
  }
  {
    std::vector<Query> q;
    for (int layer : {0, 2, 3})
      for (int j = 0; j < 9; ++j)
        for (int i = 0; i < 11; ++i) q.push_back({-1.0f + 0.8f * i, -1.0f + 0.85f * j, 0, layer});
    cudaTextureObject_t t = Texture(a2, TexDesc(cudaFilterModeLinear, cudaAddressModeBorder, cudaReadModeElementType, 0));
    CASE(l2d_linear_border, Run<float>(t, k2DLayered, q));
    CK(cudaDestroyTextureObject(t));
  }
  {
    std::vector<uchar4> texels(w2 * h2 * l2);
    for (uchar4& c : texels) c = make_uchar4(Next() >> 24, Next() >> 24, Next() >> 24, Next() >> 24);
    cudaArray_t a = LayeredArray(texels, w2, h2, l2, cudaArrayLayered);
    std::vector<Query> q;
    for (int layer : {0, 1, 3})
      for (int j = 0; j < 7; ++j)
        for (int i = 0; i < 9; ++i) q.push_back({-0.5f + 0.9f * i, -0.3f + 0.9f * j, 0, layer});
    cudaTextureObject_t t = Texture(a, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeNormalizedFloat, 0));
    CASE(l2d_u8x4_linear, Run<float4>(t, k2DLayered, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(a, TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 0));
    CASE(l2d_u8x4_point, Run<uchar4>(t, k2DLayered, q));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
  }
  // Cubemaps: 4 x 4 texels a face; a layered cubemap of 2 cubes.
  const int wc = 4;
  const std::vector<float> tc = RandomTexels<float>(wc * wc * 6, -16, 16);
  cudaArray_t ac = LayeredArray(tc, wc, wc, 6, cudaArrayCubemap);
  const std::vector<float> tcl = RandomTexels<float>(wc * wc * 12, -16, 16);
  cudaArray_t acl = LayeredArray(tcl, wc, wc, 12, cudaArrayCubemap | cudaArrayLayered);
  {
    const std::vector<Query> q = CubeDirections(wc, {0});
    cudaTextureObject_t t = Texture(ac, TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 1));
    CASE(cube_point, Run<float>(t, kCube, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(ac, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 1));
    CASE(cube_linear, Run<float>(t, kCube, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(ac, TexDesc(cudaFilterModeLinear, cudaAddressModeWrap, cudaReadModeElementType, 1));
    CASE(cube_linear_wrap, Run<float>(t, kCube, q));
    CK(cudaDestroyTextureObject(t));
  }
  {
    const std::vector<Query> q = CubeDirections(wc, {0, 1, -1, 2});
    cudaTextureObject_t t = Texture(acl, TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 1));
    CASE(cube_layered_point, Run<float>(t, kCubeLayered, q));
    CK(cudaDestroyTextureObject(t));
    t = Texture(acl, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 1));
    CASE(cube_layered_linear, Run<float>(t, kCubeLayered, q));
    CK(cudaDestroyTextureObject(t));
  }
  {
    cudaTextureObject_t t1o = Texture(a1, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0));
    cudaTextureObject_t t2o = Texture(a2, TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 0));
    cudaTextureObject_t tco = Texture(ac, TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 1));
    cudaTextureObject_t tclo = Texture(acl, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 1));
    float* d;
    CK(cudaMalloc(&d, 4 * 32 * sizeof(float)));
    FetchThroughPointers<<<1, 32>>>(t1o, t2o, tco, tclo, d);
    CK(cudaGetLastError());
    std::vector<float> out(4 * 32);
    CK(cudaMemcpy(out.data(), d, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
    std::vector<std::uint32_t> w;
    for (float f : out) Words(f, &w);
    CASE(pointer_forms, w);
  }
  // What cudaMemcpy3D put in the arrays, read back layer by layer.
  {
    std::vector<float> back(wc * wc * 12);
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcArray = acl;
    p.dstPtr = make_cudaPitchedPtr(back.data(), wc * sizeof(float), wc, wc);
    p.extent = make_cudaExtent(wc, wc, 12);
    p.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&p));
    cudaExtent e;
    unsigned flags;
    cudaChannelFormatDesc cd;
    CK(cudaArrayGetInfo(&cd, &e, &flags, acl));
    std::vector<std::uint32_t> w;
    w.push_back(std::memcmp(back.data(), tcl.data(), back.size() * sizeof(float)) == 0);
    w.push_back(unsigned(e.width)), w.push_back(unsigned(e.height)), w.push_back(unsigned(e.depth)), w.push_back(flags);
    CASE(copy_back, w);
  }
  CK(cudaFreeArray(a1));
  CK(cudaFreeArray(a2));
  CK(cudaFreeArray(ac));
  CK(cudaFreeArray(acl));
#ifdef WARPSAFE_EXPECTED
  if (failures == 0) printf("all match the GPU\n");
#endif
  return 0;
}
