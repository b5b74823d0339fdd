// Texture fetches from kernels, as a program would write them: 1D, 2D and 3D CUDA arrays, pitched
// and linear memory; point and linear filtering; every address mode; unnormalized and normalized
// coordinates; element-type and normalized-float reads of float, half, 8- and 16-bit texels.
// Built with nvcc it prints what the GPU computed, as the table Inputs/filtering_gpu_values.h
// holds; built by warpsafe with WARPSAFE_EXPECTED defined it compares every result with that table
// bit for bit and prints "all match the GPU".
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NOT:  {{.}}
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x)                                                                      \
  do {                                                                             \
    cudaError_t e_ = (x);                                                          \
    if (e_ != cudaSuccess) {                                                       \
      printf("FAIL %s (line %d): %s\n", #x, __LINE__, cudaGetErrorString(e_));     \
      exit(1);                                                                     \
    }                                                                              \
  } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/filtering_gpu_values.h"
#endif
static int failures = 0;

// Record (nvcc) or compare (warpsafe) one case's result words.
#ifndef WARPSAFE_EXPECTED
#define CASE(name, words) Print(#name, words)
#define CASE_PART(name, words, first) Print(#name, words)
#define CASE_NEAR(name, words, tolerance) Print(#name, words)
static void Print(const char* name, const std::vector<std::uint32_t>& w) {
  printf("static const std::uint32_t k_%s[%zu] = {", name, w.size());
  for (size_t i = 0; i < w.size(); ++i) printf("%s0x%08x,", i % 8 == 0 ? "\n    " : " ", w[i]);
  printf("\n};\n");
}
#else
#define CASE(name, words) Compare(#name, words, k_##name, sizeof(k_##name) / sizeof(k_##name[0]))
// A case whose recording also holds fetches CUDA leaves undefined (the engine reports them): only
// its defined part, from word `first` on, is compared.
#define CASE_PART(name, words, first) Compare(#name, words, k_##name + (first), (words).size())
// A case the engine does not reproduce bit for bit (docs/semantics/texture.md, TEX-7): each float
// within `tolerance` of the GPU's.
#define CASE_NEAR(name, words, tolerance) \
  CompareNear(#name, words, k_##name, sizeof(k_##name) / sizeof(k_##name[0]), tolerance)
static void CompareNear(const char* name, const std::vector<std::uint32_t>& w, const std::uint32_t* gpu, size_t n,
                        float tolerance) {
  if (w.size() != n) { printf("MISMATCH %s: %zu words, the GPU's %zu\n", name, w.size(), n); ++failures; return; }
  for (size_t i = 0; i < n; ++i) {
    float a, b;
    std::memcpy(&a, &w[i], 4);
    std::memcpy(&b, &gpu[i], 4);
    if (!(std::fabs(a - b) <= tolerance)) { printf("MISMATCH %s[%zu]: %g, the GPU's %g\n", name, i, a, b); ++failures; }
  }
}
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

static std::uint32_t g_seed = 12345u;
static std::uint32_t Next() { return g_seed = g_seed * 1664525u + 1013904223u; }
static float RandomFloat(float lo, float hi) { return lo + (hi - lo) * float(Next() >> 8) / float(1u << 24); }

template <class T> static void Words(const T& v, std::vector<std::uint32_t>* out) {
  static_assert(sizeof(T) % 4 == 0, "whole words");
  std::uint32_t w[sizeof(T) / 4];
  std::memcpy(w, &v, sizeof(T));
  for (std::uint32_t x : w) out->push_back(x);
}
static void Words(unsigned char v, std::vector<std::uint32_t>* out) { out->push_back(v); }

template <class T> __global__ void Fetch1D(cudaTextureObject_t t, const float* x, T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<T>(t, x[i]);
}
template <class T> __global__ void Fetch1DLod(cudaTextureObject_t t, const float* x, T* out, int n, float lod) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1DLod<T>(t, x[i], lod);
}
template <class T> __global__ void Fetch2D(cudaTextureObject_t t, const float2* p, T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<T>(t, p[i].x, p[i].y);
}
template <class T> __global__ void Fetch2DLod(cudaTextureObject_t t, const float2* p, T* out, int n, float lod) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLod<T>(t, p[i].x, p[i].y, lod);
}
template <class T> __global__ void Fetch3D(cudaTextureObject_t t, const float4* p, T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<T>(t, p[i].x, p[i].y, p[i].z);
}
template <class T> __global__ void FetchIndex(cudaTextureObject_t t, const int* x, T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<T>(t, x[i]);
}

// Runs `kernel` over the coordinates `in` and returns the results' words.
template <class T, class C, class K, class... Extra>
static std::vector<std::uint32_t> Run(K kernel, cudaTextureObject_t t, const std::vector<C>& in, Extra... extra) {
  const int n = int(in.size());
  C* d_in;
  T* d_out;
  CK(cudaMalloc(&d_in, n * sizeof(C)));
  CK(cudaMalloc(&d_out, n * sizeof(T)));
  CK(cudaMemcpy(d_in, in.data(), n * sizeof(C), cudaMemcpyHostToDevice));
  CK(cudaMemset(d_out, 0xa5, n * sizeof(T)));  // poison: a fetch that writes nothing shows
  kernel<<<(n + 127) / 128, 128>>>(t, d_in, d_out, n, extra...);
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

// A texture object over a new CUDA array of width x height x depth texels (height 0: 1D, depth 0:
// 2D) holding `texels`.
template <class T> static cudaChannelFormatDesc ChannelOf() { return cudaCreateChannelDesc<T>(); }
template <> cudaChannelFormatDesc ChannelOf<__half>() { return cudaCreateChannelDescHalf(); }

template <class T>
static cudaTextureObject_t ArrayTexture(const std::vector<T>& texels, size_t width, size_t height, size_t depth,
                                        const cudaTextureDesc& td, cudaArray_t* array) {
  cudaChannelFormatDesc cd = ChannelOf<T>();
  if (depth == 0) {
    CK(cudaMallocArray(array, &cd, width, height));
    CK(cudaMemcpy2DToArray(*array, 0, 0, texels.data(), width * sizeof(T), width * sizeof(T),
                           height == 0 ? 1 : height, cudaMemcpyHostToDevice));
  } else {
    CK(cudaMalloc3DArray(array, &cd, make_cudaExtent(width, height, depth)));
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr((void*)texels.data(), width * sizeof(T), width, height);
    p.dstArray = *array;
    p.extent = make_cudaExtent(width, height, depth);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
  }
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = *array;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
  return t;
}

static std::vector<float> Ramp(float start, float step, int n) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = start + float(i) * step;
  return v;
}
static std::vector<float2> Grid(float x0, float dx, int nx, float y0, float dy, int ny) {
  std::vector<float2> v;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) v.push_back(make_float2(x0 + float(i) * dx, y0 + float(j) * dy));
  return v;
}

int main() {
  cudaArray_t a;
  // The weight of linear filtering: texels 0, 0, 1, 1, so the fetch between texels 1 and 2 is the
  // weight itself, at every 1/1024 of the interval; then the same far from zero, where a float's
  // fraction has fewer bits.
  {
    cudaTextureObject_t t = ArrayTexture<float>({0, 0, 1, 1}, 4, 0, 0,
        TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0), &a);
    CASE(alpha_1d, (Run<float>(Fetch1D<float>, t, Ramp(1.5f, 1.0f / 1024, 1025))));
    CASE(alpha_negative, (Run<float>(Fetch1D<float>, t, Ramp(-1.0f, 1.0f / 256 + 1.0f / 4096, 300))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
    std::vector<float> alt(4096);
    for (int i = 0; i < 4096; ++i) alt[i] = float(i & 1);
    t = ArrayTexture<float>(alt, 4096, 0, 0, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0), &a);
    CASE(alpha_far, (Run<float>(Fetch1D<float>, t, Ramp(3000.25f, 0.0009765625f * 3, 700))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
  }
  // 1D float texels, linear, unnormalized and normalized coordinates.
  {
    std::vector<float> v(16);
    for (float& x : v) x = RandomFloat(-100, 100);
    cudaTextureObject_t t = ArrayTexture(v, 16, 0, 0,
        TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0), &a);
    CASE(lin1d_f32, (Run<float>(Fetch1D<float>, t, Ramp(-1.3f, 0.01373f, 1400))));
    CASE(lod1d_f32, (Run<float>(Fetch1DLod<float>, t, Ramp(-0.3f, 0.4137f, 40), 1.5f)));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
    std::vector<float> w(7);
    for (float& x : w) x = RandomFloat(-10, 10);
    t = ArrayTexture(w, 7, 0, 0, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 1), &a);
    CASE(norm_lin1d_f32, (Run<float>(Fetch1D<float>, t, Ramp(-0.1f, 0.00377f, 350))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
  }
  // 8- and 16-bit texels read as normalized floats, and as their own type.
  {
    std::vector<unsigned char> u(16);
    for (auto& x : u) x = (unsigned char)(Next() >> 24);
    u[0] = 0, u[1] = 255;
    cudaTextureObject_t t = ArrayTexture(u, 16, 0, 0,
        TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeNormalizedFloat, 0), &a);
    CASE(lin1d_u8n, (Run<float>(Fetch1D<float>, t, Ramp(-0.7f, 0.0419f, 450))));
    CK(cudaDestroyTextureObject(t));
    t = 0;
    cudaResourceDesc rd;
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td = TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 0);
    CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    CASE(pt1d_u8, (Run<unsigned char>(Fetch1D<unsigned char>, t, Ramp(-1.5f, 0.75f, 28))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
    std::vector<short> s(16);
    for (auto& x : s) x = (short)(Next() >> 16);
    s[0] = -32768, s[1] = 32767, s[2] = -32767, s[3] = 0;
    t = ArrayTexture(s, 16, 0, 0, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeNormalizedFloat, 0), &a);
    CASE(lin1d_s16n, (Run<float>(Fetch1D<float>, t, Ramp(-0.6f, 0.0397f, 450))));
    CK(cudaDestroyTextureObject(t));
    td = TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeNormalizedFloat, 0);
    rd.res.array.array = a;
    CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    CASE(pt1d_s16n, (Run<float>(Fetch1D<float>, t, Ramp(-0.5f, 1.0f, 18))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
    std::vector<__half> h(16);
    for (auto& x : h) x = __float2half(RandomFloat(-4, 4));
    t = ArrayTexture(h, 16, 0, 0, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0), &a);
    CASE(lin1d_half, (Run<float>(Fetch1D<float>, t, Ramp(-0.45f, 0.0561f, 300))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
  }
  // 2D: float and uchar4 texels, bilinear; the level-of-detail forms on an array without mipmaps.
  {
    std::vector<float> v(64);
    for (float& x : v) x = RandomFloat(-50, 50);
    cudaTextureObject_t t = ArrayTexture(v, 8, 8, 0,
        TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0), &a);
    CASE(lin2d_f32, (Run<float>(Fetch2D<float>, t, Grid(-0.6f, 0.3127f, 30, -0.4f, 0.2911f, 30))));
    CASE(lod2d_f32, (Run<float>(Fetch2DLod<float>, t, Grid(0.3f, 1.37f, 6, 0.9f, 1.71f, 4), 2.0f)));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
    std::vector<uchar4> c(16);
    for (auto& x : c) {  // drawn w first, as the recording's compiler evaluated make_uchar4's arguments
      const unsigned char w = Next() >> 24, z = Next() >> 24, y = Next() >> 24;
      x = make_uchar4(Next() >> 24, y, z, w);
    }
    t = ArrayTexture(c, 4, 4, 0, TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeNormalizedFloat, 0), &a);
    CASE(lin2d_u8x4n, (Run<float4>(Fetch2D<float4>, t, Grid(-0.3f, 0.417f, 12, -0.2f, 0.391f, 12))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
    std::vector<float> b(9);
    for (float& x : b) x = RandomFloat(0, 8);
    t = ArrayTexture(b, 3, 3, 0, TexDesc(cudaFilterModeLinear, cudaAddressModeBorder, cudaReadModeElementType, 1), &a);
    CASE(border2d_lin_norm, (Run<float>(Fetch2D<float>, t, Grid(-0.4f, 0.153f, 12, -0.35f, 0.161f, 12))));
    CK(cudaDestroyTextureObject(t));
    t = 0;
    cudaResourceDesc rd;
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    cudaTextureDesc td = TexDesc(cudaFilterModePoint, cudaAddressModeBorder, cudaReadModeElementType, 0);
    CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    CASE(border2d_pt_unnorm, (Run<float>(Fetch2D<float>, t, Grid(-2.0f, 0.75f, 9, -1.6f, 0.7f, 9))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
  }
  // 3D: trilinear.
  {
    std::vector<float> v(64);
    for (float& x : v) x = RandomFloat(-20, 20);
    cudaTextureObject_t t = ArrayTexture(v, 4, 4, 4,
        TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0), &a);
    std::vector<float4> p;
    for (int k = 0; k < 8; ++k)
      for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 8; ++i)
          p.push_back(make_float4(-0.3f + i * 0.611f, -0.2f + j * 0.593f, -0.1f + k * 0.577f, 0));
    // Texels span 40: two of the filter's weight units (1/256) are 0.3125.
    CASE_NEAR(lin3d_f32, (Run<float>(Fetch3D<float>, t, p)), 0.3125f);
    CK(cudaDestroyTextureObject(t));
    CK(cudaFreeArray(a));
  }
  // Address modes with normalized coordinates, point and linear filtering (border: borderColor).
  {
    const cudaTextureAddressMode modes[4] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror,
                                             cudaAddressModeBorder};
    const std::vector<float> v = {1, 2, 4, 8, 16};
    const std::vector<float> u = Ramp(-2.0f, 0.0313f, 160);
    std::vector<std::uint32_t> all;
    for (int f = 0; f < 2; ++f)
      for (int m = 0; m < 4; ++m) {
        cudaTextureObject_t t = ArrayTexture(v, 5, 0, 0,
            TexDesc(f ? cudaFilterModeLinear : cudaFilterModePoint, modes[m], cudaReadModeElementType, 1), &a);
        for (std::uint32_t w : Run<float>(Fetch1D<float>, t, u)) all.push_back(w);
        CK(cudaDestroyTextureObject(t));
        CK(cudaFreeArray(a));
      }
    CASE(modes_norm_1d, all);
  }
  // Wrap and mirror with unnormalized coordinates: the runtime switches them to clamp.
  {
    const cudaTextureAddressMode modes[2] = {cudaAddressModeWrap, cudaAddressModeMirror};
    std::vector<std::uint32_t> all;
    for (int m = 0; m < 2; ++m) {
      cudaTextureObject_t t = ArrayTexture<float>({1, 2, 4, 8, 16}, 5, 0, 0,
          TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 0), &a);
      CK(cudaDestroyTextureObject(t));
      cudaResourceDesc rd;
      std::memset(&rd, 0, sizeof rd);
      rd.resType = cudaResourceTypeArray;
      rd.res.array.array = a;
      cudaTextureDesc td = TexDesc(cudaFilterModePoint, modes[m], cudaReadModeElementType, 0);
      const cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
      all.push_back(0xe0000000u | unsigned(e));  // whether CUDA accepts the description
      if (e == cudaSuccess) {
        for (std::uint32_t w : Run<float>(Fetch1D<float>, t, Ramp(-6.0f, 0.5f, 35))) all.push_back(w);
        CK(cudaDestroyTextureObject(t));
      }
      cudaGetLastError();
      CK(cudaFreeArray(a));
    }
    CASE(unnormalized_wrap_mirror, all);
  }
  // Linear memory: tex1Dfetch in and out of range; a pitched 2D resource, bilinear.
  {
    int* ints;
    CK(cudaMalloc(&ints, 10 * sizeof(int)));
    std::vector<int> iv(10);
    for (int i = 0; i < 10; ++i) iv[i] = 1000 + i * 7;
    CK(cudaMemcpy(ints, iv.data(), sizeof(int) * 10, cudaMemcpyHostToDevice));
    cudaResourceDesc rd;
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = ints;
    rd.res.linear.desc = cudaCreateChannelDesc<int>();
    rd.res.linear.sizeInBytes = 10 * sizeof(int);
    cudaTextureDesc td = TexDesc(cudaFilterModePoint, cudaAddressModeClamp, cudaReadModeElementType, 0);
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    // Indices outside the texels are recorded from the GPU but undefined: the engine reads 0 to 9.
#ifdef WARPSAFE_EXPECTED
    const int lo = 0, hi = 10;
#else
    const int lo = -3, hi = 14;
#endif
    std::vector<int> idx;
    for (int i = lo; i < hi; ++i) idx.push_back(i);
    { auto w = Run<int>(FetchIndex<int>, t, idx); CASE_PART(fetch_linear_int, w, 3); }
    CK(cudaDestroyTextureObject(t));
    float4* f4;
    CK(cudaMalloc(&f4, 6 * sizeof(float4)));
    std::vector<float4> fv(6);
    for (int i = 0; i < 6; ++i) fv[i] = make_float4(i, i + 0.5f, -i, 100.0f + i);
    CK(cudaMemcpy(f4, fv.data(), sizeof(float4) * 6, cudaMemcpyHostToDevice));
    rd.res.linear.devPtr = f4;
    rd.res.linear.desc = cudaCreateChannelDesc<float4>();
    rd.res.linear.sizeInBytes = 6 * sizeof(float4);
    CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    idx.clear();
#ifdef WARPSAFE_EXPECTED
    for (int i = 0; i < 6; ++i) idx.push_back(i);
#else
    for (int i = -2; i < 9; ++i) idx.push_back(i);
#endif
    { auto w = Run<float4>(FetchIndex<float4>, t, idx); CASE_PART(fetch_linear_f4, w, 8); }
    CK(cudaDestroyTextureObject(t));
    float* pitched;
    size_t pitch;
    CK(cudaMallocPitch((void**)&pitched, &pitch, 5 * sizeof(float), 3));
    std::vector<float> pv(15);
    for (float& x : pv) x = RandomFloat(-30, 30);
    CK(cudaMemcpy2D(pitched, pitch, pv.data(), 5 * sizeof(float), 5 * sizeof(float), 3, cudaMemcpyHostToDevice));
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypePitch2D;
    rd.res.pitch2D.devPtr = pitched;
    rd.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    rd.res.pitch2D.width = 5;
    rd.res.pitch2D.height = 3;
    rd.res.pitch2D.pitchInBytes = pitch;
    td = TexDesc(cudaFilterModeLinear, cudaAddressModeClamp, cudaReadModeElementType, 0);
    CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    CASE(pitch2d_lin, (Run<float>(Fetch2D<float>, t, Grid(-0.7f, 0.613f, 10, -0.6f, 0.5f, 8))));
    CK(cudaDestroyTextureObject(t));
    CK(cudaFree(ints));
    CK(cudaFree(f4));
    CK(cudaFree(pitched));
  }
#ifdef WARPSAFE_EXPECTED
  if (failures == 0) printf("all match the GPU\n");
  else printf("%d results differ from the GPU\n", failures);
#endif
  return failures == 0 ? 0 : 1;
}
