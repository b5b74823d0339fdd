// The fp6 (E2M3, E3M2), fp4 (E2M1) and e8m0 conversions in kernels, as a program would run them.
// Built with nvcc it prints what the GPU computed; built by warpsafe with WARPSAFE_EXPECTED defined
// it compares every result with the recorded GPU values (narrow_gpu_values.h) and prints "all
// match the GPU". Tables are compared entry by entry, sweeps by an FNV-1a hash of their bytes
// (WARPSAFE_NARROW_DUMP=dir writes each sweep's bytes to dir/<name>.bin, to find a difference).
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NOT:  {{.}}
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/narrow_gpu_values.h"
#endif
static int failures = 0;

// The ten conversions of one value: fp6 E2M3 and E3M2 rounded to nearest and toward zero (0-3),
// fp4 to nearest and toward zero (4, 5), e8m0 toward zero and up, each without and with
// saturation (6-9). Half inputs have no e8m0 conversion (modes 6-9 give 0).
constexpr int kModes = 10;
__device__ unsigned char OfFloat(float x, int m) {
  switch (m) {
    case 0: return __nv_cvt_float_to_fp6(x, __NV_E2M3, cudaRoundNearest);
    case 1: return __nv_cvt_float_to_fp6(x, __NV_E2M3, cudaRoundZero);
    case 2: return __nv_cvt_float_to_fp6(x, __NV_E3M2, cudaRoundNearest);
    case 3: return __nv_cvt_float_to_fp6(x, __NV_E3M2, cudaRoundZero);
    case 4: return __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundNearest);
    case 5: return __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundZero);
    case 6: return __nv_cvt_float_to_e8m0(x, __NV_NOSAT, cudaRoundZero);
    case 7: return __nv_cvt_float_to_e8m0(x, __NV_SATFINITE, cudaRoundZero);
    case 8: return __nv_cvt_float_to_e8m0(x, __NV_NOSAT, cudaRoundPosInf);
    default: return __nv_cvt_float_to_e8m0(x, __NV_SATFINITE, cudaRoundPosInf);
  }
}
__device__ unsigned char OfDouble(double x, int m) {
  switch (m) {
    case 0: return __nv_cvt_double_to_fp6(x, __NV_E2M3, cudaRoundNearest);
    case 1: return __nv_cvt_double_to_fp6(x, __NV_E2M3, cudaRoundZero);
    case 2: return __nv_cvt_double_to_fp6(x, __NV_E3M2, cudaRoundNearest);
    case 3: return __nv_cvt_double_to_fp6(x, __NV_E3M2, cudaRoundZero);
    case 4: return __nv_cvt_double_to_fp4(x, __NV_E2M1, cudaRoundNearest);
    case 5: return __nv_cvt_double_to_fp4(x, __NV_E2M1, cudaRoundZero);
    case 6: return __nv_cvt_double_to_e8m0(x, __NV_NOSAT, cudaRoundZero);
    case 7: return __nv_cvt_double_to_e8m0(x, __NV_SATFINITE, cudaRoundZero);
    case 8: return __nv_cvt_double_to_e8m0(x, __NV_NOSAT, cudaRoundPosInf);
    default: return __nv_cvt_double_to_e8m0(x, __NV_SATFINITE, cudaRoundPosInf);
  }
}
__device__ unsigned char OfHalf(unsigned short bits, int m) {
  __half_raw x;
  x.x = bits;
  switch (m) {
    case 0: return __nv_cvt_halfraw_to_fp6(x, __NV_E2M3, cudaRoundNearest);
    case 1: return __nv_cvt_halfraw_to_fp6(x, __NV_E2M3, cudaRoundZero);
    case 2: return __nv_cvt_halfraw_to_fp6(x, __NV_E3M2, cudaRoundNearest);
    case 3: return __nv_cvt_halfraw_to_fp6(x, __NV_E3M2, cudaRoundZero);
    case 4: return __nv_cvt_halfraw_to_fp4(x, __NV_E2M1, cudaRoundNearest);
    case 5: return __nv_cvt_halfraw_to_fp4(x, __NV_E2M1, cudaRoundZero);
    default: return 0;
  }
}
__device__ unsigned char OfBf16(unsigned short bits, int m) {
  __nv_bfloat16_raw x;
  x.x = bits;
  switch (m) {
    case 0: return __nv_cvt_bfloat16raw_to_fp6(x, __NV_E2M3, cudaRoundNearest);
    case 1: return __nv_cvt_bfloat16raw_to_fp6(x, __NV_E2M3, cudaRoundZero);
    case 2: return __nv_cvt_bfloat16raw_to_fp6(x, __NV_E3M2, cudaRoundNearest);
    case 3: return __nv_cvt_bfloat16raw_to_fp6(x, __NV_E3M2, cudaRoundZero);
    case 4: return __nv_cvt_bfloat16raw_to_fp4(x, __NV_E2M1, cudaRoundNearest);
    case 5: return __nv_cvt_bfloat16raw_to_fp4(x, __NV_E2M1, cudaRoundZero);
    case 6: return __nv_cvt_bfloat16raw_to_e8m0(x, __NV_NOSAT, cudaRoundZero);
    case 7: return __nv_cvt_bfloat16raw_to_e8m0(x, __NV_SATFINITE, cudaRoundZero);
    case 8: return __nv_cvt_bfloat16raw_to_e8m0(x, __NV_NOSAT, cudaRoundPosInf);
    default: return __nv_cvt_bfloat16raw_to_e8m0(x, __NV_SATFINITE, cudaRoundPosInf);
  }
}
// The pair forms on (in[i], in[i ^ 1]): 16 bits per mode (fp4 pairs use 8).
__device__ unsigned short PairOfFloat(float2 x, int m) {
  switch (m) {
    case 0: return __nv_cvt_float2_to_fp6x2(x, __NV_E2M3, cudaRoundNearest);
    case 1: return __nv_cvt_float2_to_fp6x2(x, __NV_E3M2, cudaRoundZero);
    case 2: return __nv_cvt_float2_to_fp4x2(x, __NV_E2M1, cudaRoundNearest);
    case 3: return __nv_cvt_float2_to_e8m0x2(x, __NV_SATFINITE, cudaRoundPosInf);
    default: return __nv_cvt_float2_to_e8m0x2(x, __NV_NOSAT, cudaRoundZero);
  }
}
__device__ unsigned short PairOfDouble(double2 x, int m) {
  switch (m) {
    case 0: return __nv_cvt_double2_to_fp6x2(x, __NV_E2M3, cudaRoundZero);
    case 1: return __nv_cvt_double2_to_fp6x2(x, __NV_E3M2, cudaRoundNearest);
    case 2: return __nv_cvt_double2_to_fp4x2(x, __NV_E2M1, cudaRoundZero);
    case 3: return __nv_cvt_double2_to_e8m0x2(x, __NV_NOSAT, cudaRoundPosInf);
    default: return __nv_cvt_double2_to_e8m0x2(x, __NV_SATFINITE, cudaRoundZero);
  }
}
__device__ unsigned short PairOfHalves(unsigned bits, int m) {
  __half2_raw h;
  h.x = static_cast<unsigned short>(bits);
  h.y = static_cast<unsigned short>(bits >> 16);
  __nv_bfloat162_raw b;
  b.x = h.x;
  b.y = h.y;
  switch (m) {
    case 0: return __nv_cvt_halfraw2_to_fp6x2(h, __NV_E3M2, cudaRoundNearest);
    case 1: return __nv_cvt_halfraw2_to_fp4x2(h, __NV_E2M1, cudaRoundZero);
    case 2: return __nv_cvt_bfloat16raw2_to_fp6x2(b, __NV_E2M3, cudaRoundZero);
    case 3: return __nv_cvt_bfloat16raw2_to_fp4x2(b, __NV_E2M1, cudaRoundNearest);
    default: return __nv_cvt_bfloat162raw_to_e8m0x2(b, __NV_SATFINITE, cudaRoundPosInf);
  }
}
constexpr int kPairModes = 5;

__global__ void FromFloat(const float* in, int n, unsigned char* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) for (int m = 0; m < kModes; ++m) out[m * n + i] = OfFloat(in[i], m);
}
__global__ void FromDouble(const double* in, int n, unsigned char* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) for (int m = 0; m < kModes; ++m) out[m * n + i] = OfDouble(in[i], m);
}
// Every __half and every __nv_bfloat16 pattern: out[(type * kModes + m) * 65536 + i].
__global__ void From16(unsigned char* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int m = 0; m < kModes; ++m) {
    out[m * 65536 + i] = OfHalf(static_cast<unsigned short>(i), m);
    out[(kModes + m) * 65536 + i] = OfBf16(static_cast<unsigned short>(i), m);
  }
}
__global__ void Pairs(const float* f, const double* d, int n, unsigned short* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float2 f2 = make_float2(f[i], f[i ^ 1]);
  const double2 d2 = make_double2(d[i], d[i ^ 1]);
  unsigned h2;
  memcpy(&h2, &f[i], 4);
  for (int m = 0; m < kPairModes; ++m) {
    out[m * n + i] = PairOfFloat(f2, m);
    out[(kPairModes + m) * n + i] = PairOfDouble(d2, m);
    out[(2 * kPairModes + m) * n + i] = PairOfHalves(h2, m);
  }
}
// Back to wider types: out16[0..767] = fp6 E2M3, fp6 E3M2, fp4 byte to __half bits; [768..1023]
// e8m0 byte to bfloat16 bits. wide[i] (every 16-bit pattern): fp6x2 E2M3 and E3M2 to __half2, and
// e8m0x2 to bfloat162, as 32 bits each; fp4x2 for the low 256.
__global__ void ToWide(unsigned short* out16, unsigned* wide) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 256) {
    const auto b = static_cast<__nv_fp8_storage_t>(i);
    out16[i] = __nv_cvt_fp6_to_halfraw(b, __NV_E2M3).x;
    out16[256 + i] = __nv_cvt_fp6_to_halfraw(b, __NV_E3M2).x;
    out16[512 + i] = __nv_cvt_fp4_to_halfraw(b, __NV_E2M1).x;
    out16[768 + i] = __nv_cvt_e8m0_to_bf16raw(b).x;
    const __half2_raw h = __nv_cvt_fp4x2_to_halfraw2(b, __NV_E2M1);
    wide[3 * 65536 + i] = h.x | (static_cast<unsigned>(h.y) << 16);
  }
  const auto p = static_cast<unsigned short>(i);
  const __half2_raw a = __nv_cvt_fp6x2_to_halfraw2(p, __NV_E2M3);
  const __half2_raw c = __nv_cvt_fp6x2_to_halfraw2(p, __NV_E3M2);
  const __nv_bfloat162_raw e = __nv_cvt_e8m0x2_to_bf162raw(p);
  wide[i] = a.x | (static_cast<unsigned>(a.y) << 16);
  wide[65536 + i] = c.x | (static_cast<unsigned>(c.y) << 16);
  wide[2 * 65536 + i] = e.x | (static_cast<unsigned>(e.y) << 16);
}

// The C++ types: constructors from each wider type, and the conversion operators.
constexpr int kClassValues = 24;
__constant__ float kValues[kClassValues] = {0.f, -0.f, 1.f, -1.5f, 0.3f, 2.75f, -5.2f, 6.f, 7.3f, 7.76f, 27.f, -30.f,
                                            100.f, 0.0625f, 0.03f, -0.1f, 1e-20f, 3e38f, 1e30f, 0.5f, 12.5f, -200.f,
                                            65504.f, 4.99f};
// The integer inputs of the constructors. A GPU converts an out-of-range float to an integer
// saturating (and to short through int, keeping the low 16 bits), where C++ leaves it undefined,
// so they are made that way explicitly: the same values on both sides.
template <class I> __device__ I Saturated(float f, I min, I max) {
  if (f != f) return I(0);
  if (f <= static_cast<double>(min)) return min;
  if (f >= static_cast<double>(max)) return max;
  return static_cast<I>(f);
}
// out[v * 16 + c]: for value v, constructor c's storage byte.
template <class T> __device__ void Construct(int v, unsigned* out) {
  const float f = kValues[v];
  out[0] = T(f).__x;
  out[1] = T(static_cast<double>(f) * (1.0 + 1e-12)).__x;
  out[2] = T(__float2half(f)).__x;
  out[3] = T(__float2bfloat16(f)).__x;
  out[4] = T(Saturated(f, INT_MIN, INT_MAX)).__x;
  // Products that overflow wrap, as the GPU's multiply does.
  out[5] = T(static_cast<long long>(static_cast<unsigned long long>(Saturated(f, LLONG_MIN, LLONG_MAX)) * 1000003ull)).__x;
  out[6] = T(Saturated(fabsf(f), 0u, UINT_MAX)).__x;
  out[7] = T(static_cast<short>(Saturated(f, INT_MIN, INT_MAX))).__x;
  out[8] = T(Saturated(fabsf(f), 0ull, ULLONG_MAX) * 999983ull).__x;
}
// out[b * 8 + o]: for storage byte b, operator o's result bits.
template <class T> __device__ void Operate(int b, unsigned* out) {
  T t;
  t.__x = static_cast<__nv_fp8_storage_t>(b);
  const float f = static_cast<float>(t);
  memcpy(&out[0], &f, 4);
  const double d = static_cast<double>(t);
  out[1] = static_cast<unsigned>(static_cast<float>(d) == f || (d != d && f != f));
  out[2] = __half_as_ushort(static_cast<__half>(t));
  out[3] = __bfloat16_as_ushort(static_cast<__nv_bfloat16>(t));
  out[4] = static_cast<unsigned>(static_cast<int>(t));
  out[5] = static_cast<unsigned char>(t);
  out[6] = static_cast<bool>(t);
  out[7] = static_cast<unsigned>(static_cast<long long>(t));
}
__global__ void Classes(unsigned* ctor, unsigned* ops, unsigned* vec) {
  const int i = threadIdx.x;
  if (i < kClassValues) {
    Construct<__nv_fp6_e2m3>(i, ctor + (0 * kClassValues + i) * 16);
    Construct<__nv_fp6_e3m2>(i, ctor + (1 * kClassValues + i) * 16);
    Construct<__nv_fp4_e2m1>(i, ctor + (2 * kClassValues + i) * 16);
    Construct<__nv_fp8_e8m0>(i, ctor + (3 * kClassValues + i) * 16);
  }
  if (i < 64) Operate<__nv_fp6_e2m3>(i, ops + (0 * 256 + i) * 8);
  if (i < 64) Operate<__nv_fp6_e3m2>(i, ops + (1 * 256 + i) * 8);
  if (i < 16) Operate<__nv_fp4_e2m1>(i, ops + (2 * 256 + i) * 8);
  Operate<__nv_fp8_e8m0>(i, ops + (3 * 256 + i) * 8);
  if (i == 0) {
    const float4 f4 = make_float4(1.5f, -0.4f, 9.f, 0.25f);
    const float2 f2 = make_float2(-3.1f, 0.7f);
    vec[0] = __nv_fp6x2_e2m3(f2).__x;
    vec[1] = __nv_fp6x2_e3m2(f2).__x;
    vec[2] = __nv_fp4x2_e2m1(f2).__x;
    vec[3] = __nv_fp8x2_e8m0(f2).__x;
    vec[4] = __nv_fp6x4_e2m3(f4).__x;
    vec[5] = __nv_fp6x4_e3m2(f4).__x;
    vec[6] = __nv_fp4x4_e2m1(f4).__x;
    vec[7] = __nv_fp8x4_e8m0(f4).__x;
    const float4 b4 = static_cast<float4>(__nv_fp6x4_e3m2(f4));
    const float2 b2 = static_cast<float2>(__nv_fp4x2_e2m1(f2));
    memcpy(&vec[8], &b4, 16);
    memcpy(&vec[12], &b2, 8);
    const __half2 h6 = static_cast<__half2>(__nv_fp6x2_e2m3(f2));
    const __half2 h4 = static_cast<__half2>(__nv_fp4x2_e2m1(f2));
    memcpy(&vec[14], &h6, 4);
    memcpy(&vec[15], &h4, 4);
  }
}

static float FloatOfBits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t Fnv(const void* data, size_t n) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) { h ^= p[i]; h *= 1099511628211ull; }
  return h;
}
// One sweep: its hash printed (recording) or compared (on the engine); its bytes dumped on request.
static int hash_index = 0;
static void Sweep(const char* name, const void* data, size_t n) {
  const uint64_t h = Fnv(data, n);
  if (const char* dir = getenv("WARPSAFE_NARROW_DUMP")) {
    const std::string path = std::string(dir) + "/" + name + ".bin";
    if (FILE* f = fopen(path.c_str(), "wb")) { fwrite(data, 1, n, f); fclose(f); }
  }
#ifndef WARPSAFE_EXPECTED
  printf("    {\"%s\", 0x%016llxull},\n", name, (unsigned long long)h);
#else
  const int k = hash_index;
  if (k >= static_cast<int>(sizeof kSweepHashes / sizeof kSweepHashes[0]) || strcmp(kSweepHashes[k].name, name) != 0) {
    printf("MISSING sweep %s\n", name); ++failures;
  } else if (kSweepHashes[k].hash != h) {
    printf("MISMATCH sweep %s: hash %016llx, the GPU's %016llx\n", name, (unsigned long long)h, (unsigned long long)kSweepHashes[k].hash);
    ++failures;
  }
#endif
  ++hash_index;
}
static void Table(const char* name, const unsigned* got, int n) {
#ifndef WARPSAFE_EXPECTED
  printf("static const unsigned %s[%d] = {", name, n);
  for (int i = 0; i < n; ++i) printf("%s0x%x", i ? ", " : "", got[i]);
  printf("};\n");
#else
  (void)name; (void)got; (void)n;
#endif
}
#ifdef WARPSAFE_EXPECTED
static void Compare(const char* name, const unsigned* got, const unsigned* gpu, int n) {
  int shown = 0;
  for (int i = 0; i < n; ++i)
    if (got[i] != gpu[i]) {
      if (shown++ < 8) printf("MISMATCH %s[%d]: 0x%x, the GPU's 0x%x\n", name, i, got[i], gpu[i]);
      ++failures;
    }
}
#define WARPSAFE_TABLE(name, got, n) Compare(#name, got, name, n)
#else
#define WARPSAFE_TABLE(name, got, n) Table(#name, got, n)
#endif

// +-(1 + j/64) * 2^e over the ranges of the fp6 and fp4 formats and past them (every tie and its
// neighbours), then zeros, infinities, NaNs, subnormals and the edges of e8m0's range.
static std::vector<float> SweepInputs() {
  std::vector<float> in;
  for (int e = -12; e <= 8; ++e)
    for (int j = 0; j < 64; ++j)
      for (int sg = 0; sg < 2; ++sg) in.push_back((sg ? -1.f : 1.f) * ldexpf(1.f + j / 64.f, e));
  const uint32_t specials[] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001,
                               0x00000001, 0x00400000, 0x00400001, 0x00600000, 0x00800000, 0x00800001, 0x007fffff,
                               0x00200000, 0x7f7fffff, 0x7f000000, 0x7f000001, 0xff7fffff, 0x80400001, 0x3f800000,
                               0x3f800001, 0x3fffffff, 0x40f00000, 0x40f80000, 0x41e00000, 0x41f00000, 0x40c00000,
                               0x40d00000, 0x3d800000, 0x3d000000, 0x3d400000};
  for (uint32_t u : specials) in.push_back(FloatOfBits(u));
  if (in.size() % 2) in.push_back(1.f);
  return in;
}

template <class T> static T* Dev(const std::vector<T>& h) {
  T* d;
  CK(cudaMalloc(&d, h.size() * sizeof(T)));
  CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> static std::vector<T> Back(const T* d, size_t n) {
  std::vector<T> h(n);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

int main() {
  // The sweep, as floats and as doubles (each float, and just above and below it).
  const std::vector<float> sweep = SweepInputs();
  std::vector<double> dsweep;
  for (float f : sweep) { dsweep.push_back(f); dsweep.push_back(f * (1.0 + 0x1p-40)); dsweep.push_back(f * (1.0 - 0x1p-40)); }
  dsweep.push_back(1e300); dsweep.push_back(-1e-300); dsweep.push_back(0x1p-127 * (1 + 0x1p-30)); dsweep.push_back(0x1p-150);
  dsweep.push_back(0x1.fffffffp127); dsweep.push_back(0x1p128);
  const int big = 1 << 20;
  std::vector<float> bigf(big);
  for (int i = 0; i < big; ++i) { uint32_t u = static_cast<uint32_t>(static_cast<uint64_t>(i) * 4099u); memcpy(&bigf[i], &u, 4); }
  std::vector<double> bigd(big);
  for (int i = 0; i < big; ++i) { uint64_t u = static_cast<uint64_t>(i) * 17592186044423ull; memcpy(&bigd[i], &u, 8); }

  struct FloatSet { const char* name; const std::vector<float>* v; } fsets[] = {{"sweep_float", &sweep}, {"bits_float", &bigf}};
  for (const FloatSet& s : fsets) {
    const int n = static_cast<int>(s.v->size());
    float* d = Dev(*s.v);
    unsigned char* o;
    CK(cudaMalloc(&o, static_cast<size_t>(kModes) * n));
    CK(cudaMemset(o, 0xAA, static_cast<size_t>(kModes) * n));
    FromFloat<<<(n + 255) / 256, 256>>>(d, n, o);
    CK(cudaGetLastError());
    const std::vector<unsigned char> r = Back(o, static_cast<size_t>(kModes) * n);
    for (int m = 0; m < kModes; ++m) Sweep((std::string(s.name) + "_mode" + std::to_string(m)).c_str(), r.data() + static_cast<size_t>(m) * n, n);
  }
  struct DoubleSet { const char* name; const std::vector<double>* v; } dsets[] = {{"sweep_double", &dsweep}, {"bits_double", &bigd}};
  for (const DoubleSet& s : dsets) {
    const int n = static_cast<int>(s.v->size());
    double* d = Dev(*s.v);
    unsigned char* o;
    CK(cudaMalloc(&o, static_cast<size_t>(kModes) * n));
    CK(cudaMemset(o, 0xAA, static_cast<size_t>(kModes) * n));
    FromDouble<<<(n + 255) / 256, 256>>>(d, n, o);
    CK(cudaGetLastError());
    const std::vector<unsigned char> r = Back(o, static_cast<size_t>(kModes) * n);
    for (int m = 0; m < kModes; ++m) Sweep((std::string(s.name) + "_mode" + std::to_string(m)).c_str(), r.data() + static_cast<size_t>(m) * n, n);
  }
  {
    unsigned char* o;
    CK(cudaMalloc(&o, 2 * kModes * 65536));
    CK(cudaMemset(o, 0xAA, 2 * kModes * 65536));
    From16<<<256, 256>>>(o);
    CK(cudaGetLastError());
    const std::vector<unsigned char> r = Back(o, 2 * kModes * 65536);
    for (int m = 0; m < 6; ++m) Sweep(("all_half_mode" + std::to_string(m)).c_str(), r.data() + m * 65536, 65536);
    for (int m = 0; m < kModes; ++m) Sweep(("all_bf16_mode" + std::to_string(m)).c_str(), r.data() + (kModes + m) * 65536, 65536);
  }
  {
    const int n = static_cast<int>(sweep.size());
    std::vector<double> d2(dsweep.begin(), dsweep.begin() + n);
    float* f = Dev(sweep);
    double* d = Dev(d2);
    unsigned short* o;
    CK(cudaMalloc(&o, 3 * kPairModes * n * 2));
    Pairs<<<(n + 255) / 256, 256>>>(f, d, n, o);
    CK(cudaGetLastError());
    const std::vector<unsigned short> r = Back(o, 3 * kPairModes * n);
    Sweep("pairs", r.data(), r.size() * 2);
  }
  {
    unsigned short* o16;
    unsigned* wide;
    CK(cudaMalloc(&o16, 1024 * 2));
    CK(cudaMalloc(&wide, 4 * 65536 * 4));
    CK(cudaMemset(wide, 0, 4 * 65536 * 4));
    ToWide<<<256, 256>>>(o16, wide);
    CK(cudaGetLastError());
    const std::vector<unsigned short> r16 = Back(o16, 1024);
    const std::vector<unsigned> rw = Back(wide, 4 * 65536);
    const std::vector<unsigned> to_half(r16.begin(), r16.end());
    WARPSAFE_TABLE(kToWide, to_half.data(), 1024);
    Sweep("fp6x2_e2m3_to_half2", rw.data(), 65536 * 4);
    Sweep("fp6x2_e3m2_to_half2", rw.data() + 65536, 65536 * 4);
    Sweep("e8m0x2_to_bf162", rw.data() + 2 * 65536, 65536 * 4);
    const std::vector<unsigned> fp4x2(rw.begin() + 3 * 65536, rw.begin() + 3 * 65536 + 256);
    WARPSAFE_TABLE(kFp4x2ToHalf2, fp4x2.data(), 256);
  }
  {
    unsigned *ctor, *ops, *vec;
    CK(cudaMalloc(&ctor, 4 * kClassValues * 16 * 4));
    CK(cudaMalloc(&ops, 4 * 256 * 8 * 4));
    CK(cudaMalloc(&vec, 16 * 4));
    CK(cudaMemset(ctor, 0, 4 * kClassValues * 16 * 4));
    CK(cudaMemset(ops, 0, 4 * 256 * 8 * 4));
    Classes<<<1, 256>>>(ctor, ops, vec);
    CK(cudaGetLastError());
    const std::vector<unsigned> c = Back(ctor, 4 * kClassValues * 16);
    const std::vector<unsigned> o = Back(ops, 4 * 256 * 8);
    const std::vector<unsigned> v = Back(vec, 16);
    WARPSAFE_TABLE(kConstructors, c.data(), 4 * kClassValues * 16);
    Sweep("operators", o.data(), o.size() * 4);
    WARPSAFE_TABLE(kVectors, v.data(), 16);
  }
#ifdef WARPSAFE_EXPECTED
  if (failures) { printf("%d mismatches\n", failures); return 1; }
  printf("all match the GPU\n");
#endif
  return 0;
}
