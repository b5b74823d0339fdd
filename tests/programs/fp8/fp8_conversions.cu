// fp8 conversions in kernels, as a program would run them. Built with nvcc it prints what the GPU
// computed; built by warpsafe with WARPSAFE_EXPECTED defined it compares every result with the
// recorded GPU values (fp8_gpu_values.h) bit for bit and prints "all match the GPU".
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WARPSAFE_EXPECTED --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      all match the GPU
// CHECK-NOT:  {{.}}
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

#ifdef WARPSAFE_EXPECTED
#include "Inputs/fp8_gpu_values.h"
#endif
static int failures = 0;

__device__ __nv_saturation_t Sat(int s) { return s ? __NV_SATFINITE : __NV_NOSAT; }
__device__ __nv_fp8_interpretation_t Kind(int k) { return k ? __NV_E5M2 : __NV_E4M3; }

__global__ void ToFloat(float* out) {  // [kind][byte]
  const int b = threadIdx.x, k = blockIdx.x;
  const __half_raw h = __nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(b), Kind(k));
  out[k * 256 + b] = __half2float(__half(h));
}
// out[(kind * 2 + sat) * n + i]
__global__ void FromFloat(const float* in, int n, unsigned char* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int k = 0; k < 2; ++k)
    for (int s = 0; s < 2; ++s) out[(k * 2 + s) * n + i] = __nv_cvt_float_to_fp8(in[i], Sat(s), Kind(k));
}
__global__ void FromDouble(const double* in, int n, unsigned char* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int k = 0; k < 2; ++k)
    for (int s = 0; s < 2; ++s) out[(k * 2 + s) * n + i] = __nv_cvt_double_to_fp8(in[i], Sat(s), Kind(k));
}
// Every __half and every __nv_bfloat16 bit pattern.
__global__ void FromHalfAndBf16(unsigned char* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 65536) return;
  __half_raw h;
  h.x = static_cast<unsigned short>(i);
  __nv_bfloat16_raw b;
  b.x = static_cast<unsigned short>(i);
  for (int k = 0; k < 2; ++k)
    for (int s = 0; s < 2; ++s) {
      out[(k * 2 + s) * 65536 + i] = __nv_cvt_halfraw_to_fp8(h, Sat(s), Kind(k));
      out[(4 + k * 2 + s) * 65536 + i] = __nv_cvt_bfloat16raw_to_fp8(b, Sat(s), Kind(k));
    }
}
__global__ void PairsAndClasses(unsigned* out) {
  const float2 f = make_float2(1.5f, -3.0f);
  out[0] = __nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, __NV_E4M3);
  out[1] = __nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, __NV_E5M2);
  __nv_fp8x4_e4m3 q(make_float4(1.0f, -2.0f, 0.25f, 448.0f));
  out[2] = q.__x;
  __nv_fp8x2_e5m2 p(make_float2(0.5f, 57344.0f * 2));
  out[3] = p.__x;
  __nv_fp8_e4m3 a(1000.0f);
  out[4] = a.__x;
  __nv_fp8_e5m2 b(1e6f);
  out[5] = b.__x;
  __nv_fp8_e4m3 c(__half(3.3f));
  out[6] = c.__x;
  const __half2_raw h2 = __nv_cvt_fp8x2_to_halfraw2(0x3c40, __NV_E4M3);
  out[7] = h2.x | (static_cast<unsigned>(h2.y) << 16);
}

static float FloatOfBits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t BitsOfFloat(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t Fnv(const unsigned char* p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) { h ^= p[i]; h *= 1099511628211ull; }
  return h;
}
static void CheckHash(const char* what, int mode, uint64_t got, uint64_t gpu) {
#ifndef WARPSAFE_EXPECTED
  printf("%s%d %016llx\n", what, mode, (unsigned long long)gpu);
#else
  if (got != gpu) { printf("MISMATCH %s mode %d: hash %016llx, the GPU's %016llx\n", what, mode, (unsigned long long)got, (unsigned long long)gpu); ++failures; }
#endif
}

// The sweep: +-(1 + j/64) * 2^e for e in [-24, 17] and j in [0, 64) (every tie of both formats
// in and around their ranges), then zeros, infinities, NaNs and the edges of each range.
static std::vector<float> SweepInputs() {
  std::vector<float> in;
  for (int e = -24; e <= 17; ++e)
    for (int j = 0; j < 64; ++j)
      for (int sg = 0; sg < 2; ++sg) in.push_back((sg ? -1.f : 1.f) * ldexpf(1.f + j / 64.f, e));
  const float specials[] = {0.f, -0.f, FloatOfBits(0x7f800000), FloatOfBits(0xff800000), FloatOfBits(0x7fc00000),
                            FloatOfBits(0xffc00001), FloatOfBits(0x7f800001), 448.f, 464.f, 464.001f, 480.f, 57344.f,
                            61440.f, 61439.f, 65536.f, 1e30f, -1e30f, 1e-30f, FloatOfBits(1), 0.0009765625f,
                            0.001953125f, 0.0029296875f};
  for (float f : specials) in.push_back(f);
  return in;
}

int main() {
  // Every byte to float.
  float* d_f;
  CK(cudaMalloc(&d_f, 512 * 4));
  ToFloat<<<2, 256>>>(d_f);
  CK(cudaGetLastError());
  std::vector<float> tf(512);
  CK(cudaMemcpy(tf.data(), d_f, 512 * 4, cudaMemcpyDeviceToHost));
  for (int k = 0; k < 2; ++k) {
#ifndef WARPSAFE_EXPECTED
    printf("TOFLOAT%d", k);
    for (int b = 0; b < 256; ++b) printf(" %08x", BitsOfFloat(tf[k * 256 + b]));
    printf("\n");
#else
    for (int b = 0; b < 256; ++b) {
      const float gpu = FloatOfBits(kToFloatBits[k][b]);
      const float got = tf[k * 256 + b];
      // The GPU's half-to-float conversion gives its canonical NaN; any NaN is the same value.
      const bool same = std::isnan(gpu) ? std::isnan(got) : BitsOfFloat(got) == kToFloatBits[k][b];
      if (!same) { printf("MISMATCH %s byte 0x%02x: %08x, the GPU's %08x\n", k ? "E5M2" : "E4M3", b, BitsOfFloat(got), kToFloatBits[k][b]); ++failures; }
    }
#endif
  }
  // The sweep, byte for byte.
  const std::vector<float> in = SweepInputs();
  const int n = static_cast<int>(in.size());
  float* d_in;
  unsigned char* d_o;
  CK(cudaMalloc(&d_in, n * 4));
  CK(cudaMalloc(&d_o, 4 * n));
  CK(cudaMemcpy(d_in, in.data(), n * 4, cudaMemcpyHostToDevice));
  FromFloat<<<(n + 255) / 256, 256>>>(d_in, n, d_o);
  CK(cudaGetLastError());
  std::vector<unsigned char> o(4 * n);
  CK(cudaMemcpy(o.data(), d_o, 4 * n, cudaMemcpyDeviceToHost));
#ifndef WARPSAFE_EXPECTED
  printf("SWEEPN %d\n", n);
  for (int m = 0; m < 4; ++m) { printf("FROMFLOAT%d ", m); for (int i = 0; i < n; ++i) printf("%02x", o[m * n + i]); printf("\n"); }
#else
  if (n != kSweepCount) { printf("MISMATCH sweep size %d, the GPU's %d\n", n, kSweepCount); return 1; }
  for (int m = 0; m < 4; ++m) {
    for (int i = 0; i < n; ++i) {
      unsigned gpu = 0;
      sscanf(kFromFloat[m] + 2 * i, "%2x", &gpu);
      if (o[m * n + i] != gpu) {
        printf("MISMATCH float %a (bits %08x) mode %d: 0x%02x, the GPU's 0x%02x\n", in[i], BitsOfFloat(in[i]), m, o[m * n + i], gpu);
        if (++failures > 20) return 1;
      }
    }
  }
#endif
  // Larger sweeps, by hash.
  const int big = 1 << 20;
  std::vector<float> floats(big);
  for (int i = 0; i < big; ++i) { uint32_t u = static_cast<uint32_t>(static_cast<uint64_t>(i) * 4099u); memcpy(&floats[i], &u, 4); }
  float* d_big;
  unsigned char* d_bo;
  CK(cudaMalloc(&d_big, big * 4));
  CK(cudaMalloc(&d_bo, 4 * big));
  CK(cudaMemcpy(d_big, floats.data(), big * 4, cudaMemcpyHostToDevice));
  FromFloat<<<big / 256, 256>>>(d_big, big, d_bo);
  CK(cudaGetLastError());
  std::vector<unsigned char> bo(4 * big);
  CK(cudaMemcpy(bo.data(), d_bo, 4 * big, cudaMemcpyDeviceToHost));
#ifdef WARPSAFE_EXPECTED
  for (int m = 0; m < 4; ++m) CheckHash("float sweep", m, Fnv(bo.data() + m * big, big), kBigFloatHash[m]);
#else
  for (int m = 0; m < 4; ++m) printf("BIGFLOAT%d %016llx\n", m, (unsigned long long)Fnv(bo.data() + m * big, big));
#endif
  std::vector<double> doubles(big);
  for (int i = 0; i < big; ++i) { uint64_t u = static_cast<uint64_t>(i) * 17592186044423ull; memcpy(&doubles[i], &u, 8); }
  double* d_dd;
  CK(cudaMalloc(&d_dd, big * 8));
  CK(cudaMemcpy(d_dd, doubles.data(), big * 8, cudaMemcpyHostToDevice));
  FromDouble<<<big / 256, 256>>>(d_dd, big, d_bo);
  CK(cudaGetLastError());
  CK(cudaMemcpy(bo.data(), d_bo, 4 * big, cudaMemcpyDeviceToHost));
#ifdef WARPSAFE_EXPECTED
  for (int m = 0; m < 4; ++m) CheckHash("double sweep", m, Fnv(bo.data() + m * big, big), kBigDoubleHash[m]);
#else
  for (int m = 0; m < 4; ++m) printf("BIGDOUBLE%d %016llx\n", m, (unsigned long long)Fnv(bo.data() + m * big, big));
#endif
  unsigned char* d_h;
  CK(cudaMalloc(&d_h, 8 * 65536));
  FromHalfAndBf16<<<256, 256>>>(d_h);
  CK(cudaGetLastError());
  std::vector<unsigned char> ho(8 * 65536);
  CK(cudaMemcpy(ho.data(), d_h, 8 * 65536, cudaMemcpyDeviceToHost));
#ifdef WARPSAFE_EXPECTED
  for (int m = 0; m < 8; ++m) CheckHash(m < 4 ? "half" : "bfloat16", m % 4, Fnv(ho.data() + m * 65536, 65536), kHalfBf16Hash[m]);
#else
  for (int m = 0; m < 8; ++m) printf("HALFBF%d %016llx\n", m, (unsigned long long)Fnv(ho.data() + m * 65536, 65536));
#endif
  unsigned* d_p;
  CK(cudaMalloc(&d_p, 32));
  PairsAndClasses<<<1, 1>>>(d_p);
  CK(cudaGetLastError());
  unsigned pairs[8];
  CK(cudaMemcpy(pairs, d_p, 32, cudaMemcpyDeviceToHost));
#ifdef WARPSAFE_EXPECTED
  {
    const unsigned char nans[8] = {0x7f, 0xff, 0x7d, 0x7e, 0x7f, 0xfd, 0xfe, 0xff};
    for (int i = 0; i < 8; ++i) {
      const unsigned short got = __nv_cvt_fp8_to_halfraw(nans[i], i < 2 ? __NV_E4M3 : __NV_E5M2).x;
      if (got != kNaNHalfBits[i]) { printf("MISMATCH NaN 0x%02x to half: %04x, the GPU's %04x\n", nans[i], got, kNaNHalfBits[i]); ++failures; }
    }
  }
  for (int i = 0; i < 8; ++i)
    if (pairs[i] != kPairs[i]) { printf("MISMATCH pair/class conversion %d: %08x, the GPU's %08x\n", i, pairs[i], kPairs[i]); ++failures; }
  if (failures) { printf("%d mismatches\n", failures); return 1; }
  printf("all match the GPU\n");
#else
  printf("PAIRS"); for (unsigned v : pairs) printf(" %08x", v); printf("\n");
#endif
  return 0;
}
