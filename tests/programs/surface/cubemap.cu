// Cubemap surfaces: surfCubemapwrite/read and surfCubemapLayeredwrite/read, in their return and
// out-parameter forms, on a cubemap array (6 faces) and a layered cubemap array (2 cubes, faces
// addressed as layer * 6 + face) made with cudaArraySurfaceLoadStore: every texel written, the
// arrays copied back with cudaMemcpy3D (the face is the slice), the faces read again through a
// cubemap texture at their texels' centres, and reads and writes outside the array (x, y and the
// face, negative and past the end) with the zero and clamp boundary modes (SURFOBJ-7).
// Built with nvcc it prints what the GPU did, as the table Inputs/cubemap_gpu_values.h holds;
// built by warpsafe with WARPSAFE_EXPECTED defined it compares every word with that table and
// prints "all match the GPU".
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 4 2>&1 | FileCheck %s
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
#include "Inputs/cubemap_gpu_values.h"
static int failures = 0;
#define CASE(name, words) Compare(#name, words, k_##name, sizeof(k_##name) / sizeof(k_##name[0]))
static void Compare(const char* name, const std::vector<std::uint32_t>& w, const std::uint32_t* gpu, size_t n) {
  if (w.size() != n) { printf("MISMATCH %s: %zu words, the GPU's %zu\n", name, w.size(), n); ++failures; return; }
  int shown = 0;
  for (size_t i = 0; i < n; ++i)
    if (w[i] != gpu[i]) {
      if (shown++ < 4) printf("MISMATCH %s[%zu]: %08x, the GPU's %08x\n", name, i, w[i], gpu[i]);
      ++failures;
    }
}
#else
#define CASE(name, words) Print(#name, words)
static void Print(const char* name, const std::vector<std::uint32_t>& w) {
  printf("static const std::uint32_t k_%s[%zu] = {", name, w.size());
  for (size_t i = 0; i < w.size(); ++i) printf("%s0x%08x,", i % 8 == 0 ? "\n    " : " ", w[i]);
  printf("\n};\n");
}
#endif

constexpr int kWidth = 4;

// Texel (x, y) of face f: a value that names all three.
__host__ __device__ int Value(int x, int y, int f) { return 1000 * (f + 1) + 10 * y + x; }

// Every texel of the cubemap through the return form's partner, the write; every texel of the
// layered cubemap as a float2.
__global__ void Fill(cudaSurfaceObject_t cube, cudaSurfaceObject_t layered) {
  const int x = threadIdx.x, y = threadIdx.y, f = blockIdx.x;
  if (f < 6) surfCubemapwrite(Value(x, y, f), cube, x * 4, y, f);
  surfCubemapLayeredwrite(make_float2(float(Value(x, y, f)), -0.5f * f), layered, x * 8, y, f);
}

struct Access {
  int x, y, face, mode;  // x in bytes; mode: 0 zero, 1 clamp
};

__global__ void Read(cudaSurfaceObject_t cube, cudaSurfaceObject_t layered, const Access* a, int n, int* out_cube,
                     float2* out_layered) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const cudaSurfaceBoundaryMode mode = a[i].mode == 0 ? cudaBoundaryModeZero : cudaBoundaryModeClamp;
  if (i % 2 == 0) {
    out_cube[i] = surfCubemapread<int>(cube, a[i].x, a[i].y, a[i].face, mode);
    surfCubemapLayeredread(&out_layered[i], layered, a[i].x * 2, a[i].y, a[i].face, mode);
  } else {
    surfCubemapread(&out_cube[i], cube, a[i].x, a[i].y, a[i].face, mode);
    out_layered[i] = surfCubemapLayeredread<float2>(layered, a[i].x * 2, a[i].y, a[i].face, mode);
  }
}

// Writes outside the arrays: each thread writes its own value at its access.
__global__ void WriteOutside(cudaSurfaceObject_t cube, cudaSurfaceObject_t layered, const Access* a, int n) {
  const int i = threadIdx.x;
  if (i >= n) return;
  const cudaSurfaceBoundaryMode mode = a[i].mode == 0 ? cudaBoundaryModeZero : cudaBoundaryModeClamp;
  surfCubemapwrite(-1 - i, cube, a[i].x, a[i].y, a[i].face, mode);
  surfCubemapLayeredwrite(make_float2(-1.0f - i, 0.25f), layered, a[i].x * 2, a[i].y, a[i].face, mode);
}

__global__ void Sample(cudaTextureObject_t cube, float* out) {
  const int x = threadIdx.x, y = threadIdx.y, f = blockIdx.x;
  // The centre of texel (x, y) of face f as a direction.
  const float s = (x + 0.5f) / kWidth * 2 - 1, t = (y + 0.5f) / kWidth * 2 - 1;
  float dx = 0, dy = 0, dz = 0;
  switch (f) {
    case 0: dx = 1, dy = -t, dz = -s; break;
    case 1: dx = -1, dy = -t, dz = s; break;
    case 2: dy = 1, dx = s, dz = t; break;
    case 3: dy = -1, dx = s, dz = -t; break;
    case 4: dz = 1, dx = s, dy = -t; break;
    default: dz = -1, dx = -s, dy = -t; break;
  }
  out[(f * kWidth + y) * kWidth + x] = texCubemap<float>(cube, dx, dy, dz);
}

template <class T> static void Words(const T* v, size_t n, std::vector<std::uint32_t>* out) {
  const size_t words = n * sizeof(T) / 4;
  std::vector<std::uint32_t> w(words);
  std::memcpy(w.data(), v, words * 4);
  out->insert(out->end(), w.begin(), w.end());
}

template <class T> static std::vector<std::uint32_t> CopyBack(cudaArray_t a, int slices) {
  std::vector<T> back(kWidth * kWidth * slices);
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcArray = a;
  p.dstPtr = make_cudaPitchedPtr(back.data(), kWidth * sizeof(T), kWidth, kWidth);
  p.extent = make_cudaExtent(kWidth, kWidth, slices);
  p.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&p));
  std::vector<std::uint32_t> w;
  Words(back.data(), back.size(), &w);
  return w;
}

static cudaSurfaceObject_t Surface(cudaArray_t a) {
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaSurfaceObject_t s;
  CK(cudaCreateSurfaceObject(&s, &rd));
  return s;
}

template <class T> static cudaArray_t Cubemap(int slices, unsigned flags) {
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<T>();
  cudaArray_t a;
  CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(kWidth, kWidth, slices), flags | cudaArraySurfaceLoadStore));
  // Poison: a texel no write reached shows.
  std::vector<unsigned char> poison(kWidth * kWidth * slices * sizeof(T), 0xa5);
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(poison.data(), kWidth * sizeof(T), kWidth, kWidth);
  p.dstArray = a;
  p.extent = make_cudaExtent(kWidth, kWidth, slices);
  p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  return a;
}

int main() {
  cudaArray_t cube = Cubemap<int>(6, cudaArrayCubemap);
  cudaArray_t layered = Cubemap<float2>(12, cudaArrayCubemap | cudaArrayLayered);
  cudaSurfaceObject_t sc = Surface(cube), sl = Surface(layered);
  Fill<<<12, dim3(kWidth, kWidth)>>>(sc, sl);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  CASE(filled_cube, CopyBack<int>(cube, 6));
  CASE(filled_layered, CopyBack<float2>(layered, 12));
  {
    // The faces through a cubemap texture over a float copy of the cube's values.
    cudaArray_t fc;
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    CK(cudaMalloc3DArray(&fc, &cd, make_cudaExtent(kWidth, kWidth, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore));
    std::vector<float> values(kWidth * kWidth * 6);
    for (int f = 0; f < 6; ++f)
      for (int y = 0; y < kWidth; ++y)
        for (int x = 0; x < kWidth; ++x) values[(f * kWidth + y) * kWidth + x] = float(Value(x, y, f));
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(values.data(), kWidth * sizeof(float), kWidth, kWidth);
    p.dstArray = fc;
    p.extent = make_cudaExtent(kWidth, kWidth, 6);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    cudaResourceDesc rd;
    std::memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = fc;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 1;
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    float* d;
    CK(cudaMalloc(&d, values.size() * sizeof(float)));
    CK(cudaMemset(d, 0xa5, values.size() * sizeof(float)));
    Sample<<<6, dim3(kWidth, kWidth)>>>(t, d);
    CK(cudaGetLastError());
    std::vector<float> out(values.size());
    CK(cudaMemcpy(out.data(), d, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
    std::vector<std::uint32_t> w;
    Words(out.data(), out.size(), &w);
    CASE(sampled_faces, w);
    CK(cudaDestroyTextureObject(t));
    CK(cudaFree(d));
    CK(cudaFreeArray(fc));
  }
  std::vector<Access> reads;
  for (int mode = 0; mode < 2; ++mode) {
    for (int f : {0, 3, 5, 6, 7, 11, 12, 40, -1, -6})
      for (int y : {-1, 0, 2, 3, 4, 9})
        for (int x : {-8, -4, 0, 4, 12, 16, 20}) reads.push_back({x, y, f, mode});
  }
  {
    const int n = int(reads.size());
    Access* da;
    int* dc;
    float2* dl;
    CK(cudaMalloc(&da, n * sizeof(Access)));
    CK(cudaMalloc(&dc, n * sizeof(int)));
    CK(cudaMalloc(&dl, n * sizeof(float2)));
    CK(cudaMemcpy(da, reads.data(), n * sizeof(Access), cudaMemcpyHostToDevice));
    CK(cudaMemset(dc, 0xa5, n * sizeof(int)));
    CK(cudaMemset(dl, 0xa5, n * sizeof(float2)));
    Read<<<(n + 127) / 128, 128>>>(sc, sl, da, n, dc, dl);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<int> oc(n);
    std::vector<float2> ol(n);
    CK(cudaMemcpy(oc.data(), dc, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ol.data(), dl, n * sizeof(float2), cudaMemcpyDeviceToHost));
    std::vector<std::uint32_t> w;
    Words(oc.data(), oc.size(), &w);
    CASE(read_cube, w);
    w.clear();
    Words(ol.data(), ol.size(), &w);
    CASE(read_layered, w);
    CK(cudaFree(da));
    CK(cudaFree(dc));
    CK(cudaFree(dl));
  }
  {
    // Writes outside, one thread each, at accesses whose clamped texels are all different.
    const std::vector<Access> writes = {{-4, 1, 2, 1}, {16, 2, 1, 1}, {4, -3, 4, 1}, {8, 7, 0, 1}, {0, 0, 6, 1},
                                        {4, 1, 13, 1}, {8, 2, -1, 1}, {0, 1, 5, 0}, {20, 1, 1, 0}, {4, 1, 7, 0},
                                        {4, -1, 3, 0}};
    const int n = int(writes.size());
    Access* da;
    CK(cudaMalloc(&da, n * sizeof(Access)));
    CK(cudaMemcpy(da, writes.data(), n * sizeof(Access), cudaMemcpyHostToDevice));
    WriteOutside<<<1, 32>>>(sc, sl, da, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CASE(written_outside_cube, CopyBack<int>(cube, 6));
    CASE(written_outside_layered, CopyBack<float2>(layered, 12));
    CK(cudaFree(da));
  }
  CK(cudaDestroySurfaceObject(sc));
  CK(cudaDestroySurfaceObject(sl));
  CK(cudaFreeArray(cube));
  CK(cudaFreeArray(layered));
#ifdef WARPSAFE_EXPECTED
  if (failures == 0) printf("all match the GPU\n");
  return failures == 0 ? 0 : 1;
#else
  return 0;
#endif
}
