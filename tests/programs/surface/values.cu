// Surface reads and writes from kernels, as a program would write them: every element type CUDA
// has surface functions for (and half through ushort), the 1D, 2D, 3D and layered forms, the
// return and out-parameter forms, the clamp and zero boundary modes at coordinates outside the
// array, byte coordinates that are not a multiple of the access size, accesses narrower or wider
// than the array's element, and the runtime calls' error codes.
// Built with nvcc, `values CASE` prints what the GPU did in that case as part of the table
// Inputs/surface_gpu_values.h (each case in its own process, so that a case that faults the
// kernel is recorded as its error and leaves the others alone; `values list` names the cases).
// Built by warpsafe with WARPSAFE_EXPECTED defined, it runs every case whose result CUDA defines
// and compares each word with that table, then prints "all match the GPU".
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NOT:  {{.}}
#include <cuda_fp16.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      printf("FAIL %s (line %d): %s\n", #x, __LINE__, cudaGetErrorName(e_));   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/surface_gpu_values.h"
#endif
static int failures = 0;

// Record (nvcc) or compare (warpsafe) one result: its bytes, as little-endian words.
static std::vector<std::uint32_t> Words(const std::vector<unsigned char>& bytes) {
  std::vector<std::uint32_t> w((bytes.size() + 3) / 4, 0);
  for (size_t i = 0; i < bytes.size(); ++i) w[i / 4] |= std::uint32_t(bytes[i]) << (8 * (i % 4));
  return w;
}
#ifndef WARPSAFE_EXPECTED
#define RESULT(name, bytes) Print(name, Words(bytes))
static void Print(const std::string& name, const std::vector<std::uint32_t>& w) {
  printf("static const std::uint32_t k_%s[%zu] = {", name.c_str(), w.size());
  for (size_t i = 0; i < w.size(); ++i) printf("%s0x%08x,", i % 8 == 0 ? "\n    " : " ", w[i]);
  printf("\n};\n");
}
#else
#define RESULT(name, bytes) Compare(name, Words(bytes))
static void Compare(const std::string& name, const std::vector<std::uint32_t>& w) {
  for (const auto& t : kTables) {
    if (name != t.name) continue;
    if (w.size() != t.n) {
      printf("MISMATCH %s: %zu words, the GPU's %zu\n", name.c_str(), w.size(), t.n);
      ++failures;
      return;
    }
    int shown = 0;
    for (size_t i = 0; i < t.n; ++i)
      if (w[i] != t.words[i]) {
        if (shown++ < 4) printf("MISMATCH %s[%zu]: %08x, the GPU's %08x\n", name.c_str(), i, w[i], t.words[i]);
        ++failures;
      }
    return;
  }
  printf("MISSING %s: not in the recording\n", name.c_str());
  ++failures;
}
#endif

// A kernel's end: on the GPU a faulting case prints its error as a comment of the table and stops
// (the context is lost); everywhere else an error is a failure.
static void Sync(const char* name) {
  cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess) e = cudaGetLastError();
  if (e != cudaSuccess) {
    printf("// %s: the kernel failed with %s\n", name, cudaGetErrorName(e));
    exit(0);
  }
}

enum Form { k1D, k2D, k3D, k1DLayered, k2DLayered };
struct Op {
  int form;
  int x, y, z, layer;
  int out_param;  // read through the form that stores through a pointer
};
static Op At(int form, int x, int y = 0, int z = 0, int layer = 0, int out_param = 0) {
  return Op{form, x, y, z, layer, out_param};
}

template <class T, cudaSurfaceBoundaryMode M>
__global__ void ReadOps(cudaSurfaceObject_t s, const Op* ops, T* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Op o = ops[i];
  T v;
  std::memset(&v, 0xee, sizeof v);
  if (o.out_param) {
    switch (o.form) {
      case k1D: surf1Dread(&v, s, o.x, M); break;
      case k2D: surf2Dread(&v, s, o.x, o.y, M); break;
      case k3D: surf3Dread(&v, s, o.x, o.y, o.z, M); break;
      case k1DLayered: surf1DLayeredread(&v, s, o.x, o.layer, M); break;
      case k2DLayered: surf2DLayeredread(&v, s, o.x, o.y, o.layer, M); break;
    }
  } else {
    switch (o.form) {
      case k1D: v = surf1Dread<T>(s, o.x, M); break;
      case k2D: v = surf2Dread<T>(s, o.x, o.y, M); break;
      case k3D: v = surf3Dread<T>(s, o.x, o.y, o.z, M); break;
      case k1DLayered: v = surf1DLayeredread<T>(s, o.x, o.layer, M); break;
      case k2DLayered: v = surf2DLayeredread<T>(s, o.x, o.y, o.layer, M); break;
    }
  }
  out[i] = v;
}

template <class T, cudaSurfaceBoundaryMode M>
__global__ void WriteOps(cudaSurfaceObject_t s, const Op* ops, const T* values, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Op o = ops[i];
  switch (o.form) {
    case k1D: surf1Dwrite(values[i], s, o.x, M); break;
    case k2D: surf2Dwrite(values[i], s, o.x, o.y, M); break;
    case k3D: surf3Dwrite(values[i], s, o.x, o.y, o.z, M); break;
    case k1DLayered: surf1DLayeredwrite(values[i], s, o.x, o.layer, M); break;
    case k2DLayered: surf2DLayeredwrite(values[i], s, o.x, o.y, o.layer, M); break;
  }
}

// A CUDA array for surface access and its surface object. `height` 0 makes it 1D, `depth` 0 2D;
// with `layered`, `depth` counts layers.
struct Surface {
  cudaArray_t array;
  cudaSurfaceObject_t object;
  cudaExtent copy;  // the extent of a cudaMemcpy3D of the whole array, in elements
  size_t element;
  size_t Bytes() const { return copy.width * copy.height * copy.depth * element; }
};
static Surface Make(cudaChannelFormatDesc desc, size_t width, size_t height, size_t depth, bool layered = false) {
  Surface s;
  s.element = (desc.x + desc.y + desc.z + desc.w) / 8;
  CK(cudaMalloc3DArray(&s.array, &desc, make_cudaExtent(width, height, depth),
                       cudaArraySurfaceLoadStore | (layered ? cudaArrayLayered : 0)));
  s.copy = make_cudaExtent(width, height ? height : 1, depth ? depth : 1);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = s.array;
  CK(cudaCreateSurfaceObject(&s.object, &rd));
  return s;
}
static void Free(const Surface& s) {
  CK(cudaDestroySurfaceObject(s.object));
  CK(cudaFreeArray(s.array));
}
static void Fill(const Surface& s, const std::vector<unsigned char>& bytes) {
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(const_cast<unsigned char*>(bytes.data()), s.copy.width * s.element, s.copy.width,
                                 s.copy.height);
  p.dstArray = s.array;
  p.extent = s.copy;
  p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
}
static std::vector<unsigned char> Contents(const Surface& s) {
  std::vector<unsigned char> bytes(s.Bytes(), 0xcd);  // poison: what the copy does not write shows
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcArray = s.array;
  p.dstPtr = make_cudaPitchedPtr(bytes.data(), s.copy.width * s.element, s.copy.width, s.copy.height);
  p.extent = s.copy;
  p.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&p));
  return bytes;
}
// The array's bytes numbered: byte i is (i * 7 + seed) mod 256.
static std::vector<unsigned char> Pattern(const Surface& s, int seed) {
  std::vector<unsigned char> b(s.Bytes());
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<unsigned char>(i * 7 + seed);
  return b;
}
// Words 100, 101, ... (arrays of 4-byte elements in the boundary cases).
static std::vector<unsigned char> Numbered(const Surface& s) {
  std::vector<unsigned char> b(s.Bytes());
  for (size_t i = 0; i < b.size() / 4; ++i) {
    const std::uint32_t v = 100 + std::uint32_t(i);
    std::memcpy(&b[4 * i], &v, 4);
  }
  return b;
}

template <class T> static std::vector<unsigned char> AsBytes(const std::vector<T>& v) {
  std::vector<unsigned char> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

template <class T, cudaSurfaceBoundaryMode M>
static std::vector<unsigned char> Read(const char* name, const Surface& s, const std::vector<Op>& ops) {
  const int n = int(ops.size());
  Op* d_ops;
  T* d_out;
  CK(cudaMalloc(&d_ops, n * sizeof(Op)));
  CK(cudaMalloc(&d_out, n * sizeof(T)));
  CK(cudaMemcpy(d_ops, ops.data(), n * sizeof(Op), cudaMemcpyHostToDevice));
  CK(cudaMemset(d_out, 0xa5, n * sizeof(T)));  // poison: a read that stores nothing shows
  ReadOps<T, M><<<(n + 63) / 64, 64>>>(s.object, d_ops, d_out, n);
  Sync(name);
  std::vector<T> out(n);
  CK(cudaMemcpy(out.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
  CK(cudaFree(d_ops));
  CK(cudaFree(d_out));
  return AsBytes(out);
}
template <class T, cudaSurfaceBoundaryMode M>
static void Write(const char* name, const Surface& s, const std::vector<Op>& ops, const std::vector<T>& values) {
  const int n = int(ops.size());
  Op* d_ops;
  T* d_values;
  CK(cudaMalloc(&d_ops, n * sizeof(Op)));
  CK(cudaMalloc(&d_values, n * sizeof(T)));
  CK(cudaMemcpy(d_ops, ops.data(), n * sizeof(Op), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_values, values.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  WriteOps<T, M><<<(n + 63) / 64, 64>>>(s.object, d_ops, d_values, n);
  Sync(name);
  CK(cudaFree(d_ops));
  CK(cudaFree(d_values));
}

// ---- Element types: every element of a 4x2 array read (both forms) and written. ----------------
template <class T> static void TypeCase(const char* type, cudaChannelFormatDesc desc, int seed) {
  const std::string name = std::string("type_") + type;
  Surface s = Make(desc, 4, 2, 0);
  Fill(s, Pattern(s, seed));
  std::vector<Op> ops;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) ops.push_back(At(k2D, x * int(sizeof(T)), y, 0, 0, (x + y) % 2));
  RESULT(name + "_read", (Read<T, cudaBoundaryModeTrap>(name.c_str(), s, ops)));
  // Written back in another order: element i gets the bytes read from element 7 - i, plus 1.
  std::vector<T> values(ops.size());
  const std::vector<unsigned char> src = Pattern(s, seed);
  for (size_t i = 0; i < ops.size(); ++i) {
    unsigned char b[sizeof(T)];
    for (size_t k = 0; k < sizeof(T); ++k) b[k] = static_cast<unsigned char>(src[(7 - i) * sizeof(T) + k] + 1);
    std::memcpy(&values[i], b, sizeof(T));
  }
  Write<T, cudaBoundaryModeTrap>(name.c_str(), s, ops, values);
  RESULT(name + "_written", Contents(s));
  Free(s);
}
static void Types() {
  int seed = 1;
  TypeCase<char>("char", cudaCreateChannelDesc<char>(), seed++);
  TypeCase<signed char>("schar", cudaCreateChannelDesc<signed char>(), seed++);
  TypeCase<unsigned char>("uchar", cudaCreateChannelDesc<unsigned char>(), seed++);
  TypeCase<char1>("char1", cudaCreateChannelDesc<char1>(), seed++);
  TypeCase<short>("short", cudaCreateChannelDesc<short>(), seed++);
  TypeCase<unsigned short>("ushort", cudaCreateChannelDesc<unsigned short>(), seed++);
  TypeCase<int>("int", cudaCreateChannelDesc<int>(), seed++);
  TypeCase<unsigned int>("uint", cudaCreateChannelDesc<unsigned int>(), seed++);
  TypeCase<float>("float", cudaCreateChannelDesc<float>(), seed++);
  TypeCase<long long>("longlong", cudaCreateChannelDesc<uint2>(), seed++);
  TypeCase<unsigned long long>("ulonglong", cudaCreateChannelDesc<int2>(), seed++);
  TypeCase<char2>("char2", cudaCreateChannelDesc<char2>(), seed++);
  TypeCase<uchar2>("uchar2", cudaCreateChannelDesc<uchar2>(), seed++);
  TypeCase<short2>("short2", cudaCreateChannelDesc<short2>(), seed++);
  TypeCase<ushort2>("ushort2", cudaCreateChannelDesc<ushort2>(), seed++);
  TypeCase<int2>("int2", cudaCreateChannelDesc<int2>(), seed++);
  TypeCase<uint2>("uint2", cudaCreateChannelDesc<uint2>(), seed++);
  TypeCase<float2>("float2", cudaCreateChannelDesc<float2>(), seed++);
  TypeCase<longlong2>("longlong2", cudaCreateChannelDesc<int4>(), seed++);
  TypeCase<ulonglong2>("ulonglong2", cudaCreateChannelDesc<uint4>(), seed++);
  TypeCase<char4>("char4", cudaCreateChannelDesc<char4>(), seed++);
  TypeCase<uchar4>("uchar4", cudaCreateChannelDesc<uchar4>(), seed++);
  TypeCase<short4>("short4", cudaCreateChannelDesc<short4>(), seed++);
  TypeCase<ushort4>("ushort4", cudaCreateChannelDesc<ushort4>(), seed++);
  TypeCase<int4>("int4", cudaCreateChannelDesc<int4>(), seed++);
  TypeCase<uint4>("uint4", cudaCreateChannelDesc<uint4>(), seed++);
  TypeCase<float4>("float4", cudaCreateChannelDesc<float4>(), seed++);
  TypeCase<unsigned short>("half", cudaCreateChannelDescHalf(), seed++);
  TypeCase<ushort2>("half2", cudaCreateChannelDescHalf2(), seed++);
  TypeCase<ushort4>("half4", cudaCreateChannelDescHalf4(), seed++);
}

// ---- The forms: 1D, 3D and layered arrays, each element read then written. ---------------------
template <cudaSurfaceBoundaryMode M>
static void FormCase(const char* name, const Surface& s, const std::vector<Op>& ops) {
  Fill(s, Numbered(s));
  RESULT(std::string(name) + "_read", (Read<int, M>(name, s, ops)));
  std::vector<int> values;
  for (size_t i = 0; i < ops.size(); ++i) values.push_back(5000 + int(i));
  Write<int, M>(name, s, ops, values);
  RESULT(std::string(name) + "_written", Contents(s));
}
static void Forms() {
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<int>();
  {
    Surface s = Make(d, 8, 0, 0);
    std::vector<Op> ops;
    for (int x = 7; x >= 0; --x) ops.push_back(At(k1D, 4 * x, 0, 0, 0, x % 2));
    FormCase<cudaBoundaryModeTrap>("form_1d", s, ops);
    Free(s);
  }
  {
    Surface s = Make(d, 3, 2, 2);
    std::vector<Op> ops;
    for (int z = 0; z < 2; ++z)
      for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x) ops.push_back(At(k3D, 4 * x, y, z, 0, (x + z) % 2));
    FormCase<cudaBoundaryModeTrap>("form_3d", s, ops);
    Free(s);
  }
  {
    Surface s = Make(d, 4, 0, 3, true);
    std::vector<Op> ops;
    for (int l = 0; l < 3; ++l)
      for (int x = 0; x < 4; ++x) ops.push_back(At(k1DLayered, 4 * x, 0, 0, l, l % 2));
    FormCase<cudaBoundaryModeTrap>("form_1d_layered", s, ops);
    Free(s);
  }
  {
    Surface s = Make(d, 3, 2, 3, true);
    std::vector<Op> ops;
    for (int l = 0; l < 3; ++l)
      for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x) ops.push_back(At(k2DLayered, 4 * x, y, 0, l, (x + l) % 2));
    FormCase<cudaBoundaryModeTrap>("form_2d_layered", s, ops);
    Free(s);
  }
}

// ---- Boundary modes: reads outside the array under clamp and zero. -----------------------------
static void BoundsRead() {
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<int>();
  {
    Surface s = Make(d, 8, 0, 0);  // 32 bytes
    Fill(s, Numbered(s));
    std::vector<Op> ops;
    for (int x : {-1000000, -64, -8, -4, 0, 4, 28, 32, 36, 64, 1000000}) ops.push_back(At(k1D, x));
    RESULT("bounds_1d_clamp", (Read<int, cudaBoundaryModeClamp>("bounds_1d_clamp", s, ops)));
    RESULT("bounds_1d_zero", (Read<int, cudaBoundaryModeZero>("bounds_1d_zero", s, ops)));
    Free(s);
  }
  {
    Surface s = Make(cudaCreateChannelDesc<unsigned char>(), 8, 0, 0);
    Fill(s, Pattern(s, 3));
    std::vector<Op> ops;
    for (int x : {-3, -1, 0, 7, 8, 9, 100}) ops.push_back(At(k1D, x));
    RESULT("bounds_1d_uchar_clamp", (Read<unsigned char, cudaBoundaryModeClamp>("bounds_1d_uchar", s, ops)));
    RESULT("bounds_1d_uchar_zero", (Read<unsigned char, cudaBoundaryModeZero>("bounds_1d_uchar", s, ops)));
    Free(s);
  }
  {
    Surface s = Make(cudaCreateChannelDesc<float4>(), 4, 0, 0);  // 64 bytes
    Fill(s, Pattern(s, 5));
    std::vector<Op> ops;
    for (int x : {-32, -16, 0, 48, 64, 80, 160}) ops.push_back(At(k1D, x));
    RESULT("bounds_1d_float4_clamp", (Read<float4, cudaBoundaryModeClamp>("bounds_1d_float4", s, ops)));
    RESULT("bounds_1d_float4_zero", (Read<float4, cudaBoundaryModeZero>("bounds_1d_float4", s, ops)));
    Free(s);
  }
  {
    Surface s = Make(d, 4, 3, 0);
    Fill(s, Numbered(s));
    std::vector<Op> ops;
    const int xy[][2] = {{0, -1}, {4, 3}, {8, 100}, {-4, 1}, {16, 1}, {16, 3}, {-4, -1}, {1000, -1000}};
    for (const auto& p : xy) ops.push_back(At(k2D, p[0], p[1]));
    RESULT("bounds_2d_clamp", (Read<int, cudaBoundaryModeClamp>("bounds_2d", s, ops)));
    RESULT("bounds_2d_zero", (Read<int, cudaBoundaryModeZero>("bounds_2d", s, ops)));
    Free(s);
  }
  {
    Surface s = Make(d, 2, 2, 2);
    Fill(s, Numbered(s));
    std::vector<Op> ops;
    const int xyz[][3] = {{0, 0, -1}, {4, 1, 2}, {8, 2, 5}, {-4, 0, 1}, {4, -1, 1}};
    for (const auto& p : xyz) ops.push_back(At(k3D, p[0], p[1], p[2]));
    RESULT("bounds_3d_clamp", (Read<int, cudaBoundaryModeClamp>("bounds_3d", s, ops)));
    RESULT("bounds_3d_zero", (Read<int, cudaBoundaryModeZero>("bounds_3d", s, ops)));
    Free(s);
  }
  {
    Surface s = Make(d, 4, 0, 2, true);
    Fill(s, Numbered(s));
    std::vector<Op> ops;
    const int xl[][2] = {{4, -1}, {4, 2}, {4, 7}, {16, 1}, {-4, 0}};
    for (const auto& p : xl) ops.push_back(At(k1DLayered, p[0], 0, 0, p[1]));
    RESULT("bounds_1d_layered_clamp", (Read<int, cudaBoundaryModeClamp>("bounds_1d_layered", s, ops)));
    RESULT("bounds_1d_layered_zero", (Read<int, cudaBoundaryModeZero>("bounds_1d_layered", s, ops)));
    Free(s);
  }
  {
    Surface s = Make(d, 2, 2, 2, true);
    Fill(s, Numbered(s));
    std::vector<Op> ops;
    const int xyl[][3] = {{4, 1, -1}, {4, 1, 2}, {0, 2, 1}, {8, 0, 0}};
    for (const auto& p : xyl) ops.push_back(At(k2DLayered, p[0], p[1], 0, p[2]));
    RESULT("bounds_2d_layered_clamp", (Read<int, cudaBoundaryModeClamp>("bounds_2d_layered", s, ops)));
    RESULT("bounds_2d_layered_zero", (Read<int, cudaBoundaryModeZero>("bounds_2d_layered", s, ops)));
    Free(s);
  }
}

// ---- Boundary modes: one write outside the array at a time, then the whole array. -------------
template <cudaSurfaceBoundaryMode M> static void BoundsWrite(const char* name) {
  std::vector<unsigned char> all;
  {
    Surface s = Make(cudaCreateChannelDesc<int>(), 8, 0, 0);
    for (int x : {-1000000, -8, -4, 32, 36, 1000000}) {
      Fill(s, Numbered(s));
      Write<int, M>(name, s, {At(k1D, x)}, {7777});
      const auto c = Contents(s);
      all.insert(all.end(), c.begin(), c.end());
    }
    Free(s);
  }
  {
    Surface s = Make(cudaCreateChannelDesc<int>(), 4, 3, 0);
    const int xy[][2] = {{4, -1}, {4, 3}, {-4, 1}, {16, 2}, {16, 5}};
    for (const auto& p : xy) {
      Fill(s, Numbered(s));
      Write<int, M>(name, s, {At(k2D, p[0], p[1])}, {8888});
      const auto c = Contents(s);
      all.insert(all.end(), c.begin(), c.end());
    }
    Free(s);
  }
  {
    Surface s = Make(cudaCreateChannelDesc<int>(), 2, 2, 2, true);
    for (int layer : {-1, 2}) {
      Fill(s, Numbered(s));
      Write<int, M>(name, s, {At(k2DLayered, 4, 1, 0, layer)}, {9999});
      const auto c = Contents(s);
      all.insert(all.end(), c.begin(), c.end());
    }
    Free(s);
  }
  RESULT(name, all);
}

// ---- x not a multiple of the access size: reads and writes inside the array. ------------------
template <cudaSurfaceBoundaryMode M> static void Misaligned(const char* name) {
  Surface s = Make(cudaCreateChannelDesc<int>(), 8, 0, 0);
  const std::vector<unsigned char> pattern = Pattern(s, 0);
  Fill(s, pattern);
  std::vector<Op> ops;
  for (int x : {1, 2, 3, 5, 6, 27}) ops.push_back(At(k1D, x));
  std::vector<unsigned char> all = Read<int, M>(name, s, ops);
  for (int x : {2, 7}) {
    Fill(s, pattern);
    Write<int, M>(name, s, {At(k1D, x)}, {int(0xaabbccdd)});
    const auto c = Contents(s);
    all.insert(all.end(), c.begin(), c.end());
  }
  Free(s);
  RESULT(name, all);
}
// x whose access starts inside the array and ends past it.
template <cudaSurfaceBoundaryMode M> static void Straddle(const char* name) {
  Surface s = Make(cudaCreateChannelDesc<int>(), 8, 0, 0);
  const std::vector<unsigned char> pattern = Pattern(s, 0);
  Fill(s, pattern);
  std::vector<unsigned char> all = Read<int, M>(name, s, {At(k1D, 29), At(k1D, 30), At(k1D, 31)});
  Fill(s, pattern);
  Write<int, M>(name, s, {At(k1D, 30)}, {int(0xaabbccdd)});
  const auto c = Contents(s);
  all.insert(all.end(), c.begin(), c.end());
  Free(s);
  RESULT(name, all);
}

// ---- Accesses of another size than the array's element. ---------------------------------------
static void SizeMismatch(const char* name, int which) {
  Surface s = Make(cudaCreateChannelDesc<int>(), 8, 0, 0);
  const std::vector<unsigned char> pattern = Pattern(s, 0);
  Fill(s, pattern);
  std::vector<unsigned char> all;
  switch (which) {
    case 0: all = Read<short, cudaBoundaryModeZero>(name, s, {At(k1D, 0), At(k1D, 2), At(k1D, 4)}); break;
    case 1: all = Read<int2, cudaBoundaryModeZero>(name, s, {At(k1D, 0), At(k1D, 8), At(k1D, 28)}); break;
    case 2: Write<unsigned char, cudaBoundaryModeZero>(name, s, {At(k1D, 5)}, {0x77}); all = Contents(s); break;
    case 3: Write<int4, cudaBoundaryModeZero>(name, s, {At(k1D, 16)}, {make_int4(1, 2, 3, 4)}); all = Contents(s); break;
  }
  Free(s);
  RESULT(name, all);
}

// ---- A form of another dimensionality than the array. ------------------------------------------
static void FormMismatch(const char* name, int which) {
  std::vector<unsigned char> all;
  switch (which) {
    case 0: {  // surf1Dread of a 2D array
      Surface s = Make(cudaCreateChannelDesc<int>(), 4, 3, 0);
      Fill(s, Numbered(s));
      all = Read<int, cudaBoundaryModeZero>(name, s, {At(k1D, 4), At(k1D, 12)});
      Free(s);
      break;
    }
    case 1: {  // surf2Dread of a 1D array
      Surface s = Make(cudaCreateChannelDesc<int>(), 4, 0, 0);
      Fill(s, Numbered(s));
      all = Read<int, cudaBoundaryModeZero>(name, s, {At(k2D, 4, 0), At(k2D, 4, 1)});
      Free(s);
      break;
    }
    case 2: {  // surf2Dread of a 3D array
      Surface s = Make(cudaCreateChannelDesc<int>(), 2, 2, 2);
      Fill(s, Numbered(s));
      all = Read<int, cudaBoundaryModeZero>(name, s, {At(k2D, 4, 1)});
      Free(s);
      break;
    }
    case 3: {  // surf2Dread of a 2D layered array
      Surface s = Make(cudaCreateChannelDesc<int>(), 2, 2, 2, true);
      Fill(s, Numbered(s));
      all = Read<int, cudaBoundaryModeZero>(name, s, {At(k2D, 4, 1)});
      Free(s);
      break;
    }
  }
  RESULT(name, all);
}

// ---- Trap: one access outside the array fails the kernel. --------------------------------------
static void Trap(const char* name, int which) {
  Surface s = Make(cudaCreateChannelDesc<int>(), 8, 0, 0);
  Fill(s, Numbered(s));
  switch (which) {
    case 0: Read<int, cudaBoundaryModeTrap>(name, s, {At(k1D, 32)}); break;
    case 1: Read<int, cudaBoundaryModeTrap>(name, s, {At(k1D, -4)}); break;
    case 2: Write<int, cudaBoundaryModeTrap>(name, s, {At(k1D, 32)}, {1}); break;
  }
  Free(s);
  RESULT(name, std::vector<unsigned char>{1});  // not reached on a GPU that traps
}

// ---- The runtime calls' error codes. ------------------------------------------------------------
static void Api() {
  std::vector<int> codes;
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<int>();
  cudaArray_t plain, layered_bad, plain_layered;
  CK(cudaMallocArray(&plain, &d, 8, 0, 0));  // no cudaArraySurfaceLoadStore
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = plain;
  cudaSurfaceObject_t s = 0;
  codes.push_back(cudaCreateSurfaceObject(&s, &rd));  // 0: an array without the flag
  cudaGetLastError();
  int* mem;
  CK(cudaMalloc(&mem, 64));
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = mem;
  rd.res.linear.desc = d;
  rd.res.linear.sizeInBytes = 64;
  codes.push_back(cudaCreateSurfaceObject(&s, &rd));  // 1: linear memory
  cudaGetLastError();
  codes.push_back(cudaCreateSurfaceObject(&s, nullptr));  // 2: no description
  cudaGetLastError();
  codes.push_back(cudaDestroySurfaceObject(0));  // 3: destroy 0
  cudaGetLastError();
  Surface ok = Make(d, 8, 0, 0);
  cudaResourceDesc back;
  std::memset(&back, 0x5a, sizeof back);
  codes.push_back(cudaGetSurfaceObjectResourceDesc(&back, ok.object));  // 4
  codes.push_back(back.resType == cudaResourceTypeArray && back.res.array.array == ok.array);  // 5
  codes.push_back(cudaDestroySurfaceObject(ok.object));  // 6
  codes.push_back(cudaMallocArray(&layered_bad, &d, 8, 2, cudaArrayLayered));  // 7: layered 2D via MallocArray
  cudaGetLastError();
  codes.push_back(cudaMalloc3DArray(&plain_layered, &d, make_cudaExtent(8, 0, 0),
                                    cudaArrayLayered | cudaArraySurfaceLoadStore));  // 8: no layers
  cudaGetLastError();
  codes.push_back(cudaSuccess);  // 9: spare
  CK(cudaFreeArray(ok.array));
  CK(cudaFreeArray(plain));
  CK(cudaFree(mem));
  RESULT("api", AsBytes(codes));
}

struct Case {
  const char* name;
  void (*run)();
  bool defined;  // CUDA defines the result: the engine compares it (otherwise it reports a defect)
};
#define SIMPLE(name, call, defined) {name, [] { call; }, defined}
static const Case kCases[] = {
    SIMPLE("types", Types(), true),
    SIMPLE("forms", Forms(), true),
    SIMPLE("bounds_read", BoundsRead(), true),
    SIMPLE("bounds_write_clamp", BoundsWrite<cudaBoundaryModeClamp>("bounds_write_clamp"), true),
    SIMPLE("bounds_write_zero", BoundsWrite<cudaBoundaryModeZero>("bounds_write_zero"), true),
    SIMPLE("api", Api(), true),
    SIMPLE("misaligned_trap", Misaligned<cudaBoundaryModeTrap>("misaligned_trap"), false),
    SIMPLE("misaligned_clamp", Misaligned<cudaBoundaryModeClamp>("misaligned_clamp"), false),
    SIMPLE("misaligned_zero", Misaligned<cudaBoundaryModeZero>("misaligned_zero"), false),
    SIMPLE("straddle_clamp", Straddle<cudaBoundaryModeClamp>("straddle_clamp"), false),
    SIMPLE("straddle_zero", Straddle<cudaBoundaryModeZero>("straddle_zero"), false),
    SIMPLE("size_short_on_int", SizeMismatch("size_short_on_int", 0), true),
    SIMPLE("size_int2_on_int", SizeMismatch("size_int2_on_int", 1), false),
    SIMPLE("size_uchar_write_on_int", SizeMismatch("size_uchar_write_on_int", 2), true),
    SIMPLE("size_int4_write_on_int", SizeMismatch("size_int4_write_on_int", 3), true),
    SIMPLE("form_1d_on_2d", FormMismatch("form_1d_on_2d", 0), false),
    SIMPLE("form_2d_on_1d", FormMismatch("form_2d_on_1d", 1), false),
    SIMPLE("form_2d_on_3d", FormMismatch("form_2d_on_3d", 2), false),
    SIMPLE("form_2d_on_layered", FormMismatch("form_2d_on_layered", 3), false),
    SIMPLE("trap_read_past_end", Trap("trap_read_past_end", 0), false),
    SIMPLE("trap_read_negative", Trap("trap_read_negative", 1), false),
    SIMPLE("trap_write_past_end", Trap("trap_write_past_end", 2), false),
};

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  if (which == "list") {
    for (const Case& c : kCases) printf("%s\n", c.name);
    return 0;
  }
  for (const Case& c : kCases) {
#ifdef WARPSAFE_EXPECTED
    if (which.empty() ? !c.defined : which != c.name) continue;
#else
    if (which != c.name) continue;
    printf("// case %s\n", c.name);
#endif
    c.run();
  }
#ifdef WARPSAFE_EXPECTED
  if (failures == 0) printf("all match the GPU\n");
  else printf("%d results differ from the GPU\n", failures);
#endif
  return failures == 0 ? 0 : 1;
}
