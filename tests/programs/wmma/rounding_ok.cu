// How the tensor cores round, against values an H200 printed for this program (driver 580.159.04,
// nvcc 13.0.88 -arch=sm_90, 2026-11-26): a tf32 operand that was not rounded to tf32 loses its low 13
// fraction bits (truncated, not rounded); a float sum past the largest float is infinity; a half
// accumulator rounds the exact sum once, to nearest even; 8-bit integer sums wrap at 32 bits, or
// saturate with satf.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s
// CHECK:      tf32 in 0x1.003p+0 (3f801800): out 0x1p+0 (3f800000)
// CHECK-NEXT: tf32 in 0x1.001p+0 (3f800800): out 0x1p+0 (3f800000)
// CHECK-NEXT: tf32 in 0x1.002p+0 (3f801000): out 0x1p+0 (3f800000)
// CHECK-NEXT: tf32 in 0x1.006p+0 (3f803000): out 0x1.004p+0 (3f802000)
// CHECK-NEXT: tf32 in -0x1.003p+0 (bf801800): out -0x1p+0 (bf800000)
// CHECK-NEXT: tf32 in 0x1.c363ccp+127 (7f61b1e6): out inf (7f800000)
// CHECK-NEXT: half rows: float 0x1.118p+16 0x1.002p+0 0x1.004p+0 0x1.002p+11; half inf 0x1p+0 0x1.004p+0 0x1p+11
// CHECK-NEXT: s8 satf 0: row0 -2147226585 row1 -2147258970 row2 2147224552
// CHECK-NEXT: s8 satf 1: row0 2147483647 row1 2147483647 row2 -2147483648
// CHECK-NOT:  {{.}}
#include <mma.h>
#include <cstdio>
#include <cstring>
using namespace nvcuda;

__global__ void Tf32(const float* a, const float* b, float* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
// s8 with satf: a row of 127 * 127 * 16 plus c near INT_MAX.
__global__ void Int8(const signed char* a, const signed char* b, int* c, bool satf) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> fc;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc, satf);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
__global__ void Half(const __half* a, const __half* b, float* c, __half* h, bool satf) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, __half> fh;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::fill_fragment(fc, 0.0f);
  wmma::fill_fragment(fh, __float2half(0.0f));
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::mma_sync(fh, fa, fb, fh);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(h, fh, 16, wmma::mem_row_major);
}
static unsigned Bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)
int main() {
  float *a, *b, *c; __half *ha, *hb, *hh;
  CK(cudaMallocManaged(&a, 16 * 8 * 4)); CK(cudaMallocManaged(&b, 8 * 16 * 4)); CK(cudaMallocManaged(&c, 256 * 4));
  CK(cudaMallocManaged(&ha, 256 * 2)); CK(cudaMallocManaged(&hb, 256 * 2)); CK(cudaMallocManaged(&hh, 256 * 2));
  // Row 0 of A: one element (1 + 0.75 ulp of tf32) and the rest 0; B all ones: c[0][j] = a00.
  const float probes[] = {1.0f + 0.75f * 0x1p-10f, 1.0f + 0.25f * 0x1p-10f, 1.0f + 0.5f * 0x1p-10f, 1.0f + 1.5f * 0x1p-10f,
                          -(1.0f + 0.75f * 0x1p-10f), 3e38f};
  for (float p : probes) {
    for (int i = 0; i < 128; ++i) { a[i] = 0; b[i] = 1; }
    for (int i = 0; i < 256; ++i) c[i] = -12345;
    a[0] = p; for (int i = 0; i < 256; ++i) c[i] = 0;
    if (p == 3e38f) { for (int k = 0; k < 8; ++k) a[k] = p; }
    Tf32<<<1, 32>>>(a, b, c); CK(cudaDeviceSynchronize());
    printf("tf32 in %a (%08x): out %a (%08x)\n", p, Bits(p), c[0], Bits(c[0]));
  }
  // Half: a row sums to 70000 (overflows half); small values for rounding of the half accumulator.
  for (int i = 0; i < 256; ++i) { ha[i] = __float2half(0); hb[i] = __float2half(1); }
  for (int k = 0; k < 16; ++k) ha[k] = __float2half(4375.0f);            // row 0: 70000
  ha[16] = __float2half(1.0f); ha[17] = __float2half(0x1p-11f);         // row 1: 1 + 2^-11 (a tie in half)
  ha[32] = __float2half(1.0f); ha[33] = __float2half(0x1p-11f); ha[34] = __float2half(0x1p-11f); // 1 + 2^-10
  ha[48] = __float2half(2048.0f); ha[49] = __float2half(1.0f);          // 2049: a tie in half
  Half<<<1, 32>>>(ha, hb, c, hh, false); CK(cudaDeviceSynchronize());
  printf("half rows: float %a %a %a %a; half %a %a %a %a\n", c[0], c[16], c[32], c[48], __half2float(hh[0]),
         __half2float(hh[16]), __half2float(hh[32]), __half2float(hh[48]));
  signed char *ia, *ib; int* ic;
  CK(cudaMallocManaged(&ia, 256)); CK(cudaMallocManaged(&ib, 256)); CK(cudaMallocManaged(&ic, 1024));
  for (bool satf : {false, true}) {
    for (int i = 0; i < 256; ++i) { ia[i] = 127; ib[i] = 127; ic[i] = 2147483647 - 1000; }
    ia[16] = -128; ib[16] = 127;  // row 1: one negative product
    for (int i = 0; i < 256; ++i) if (i / 16 == 2) ic[i] = -2147483647 - 1 + 1000;
    for (int k = 0; k < 16; ++k) ia[32 + k] = -128;  // row 2: a large negative sum on a negative c
    Int8<<<1, 32>>>(ia, ib, ic, satf); CK(cudaDeviceSynchronize());
    printf("s8 satf %d: row0 %d row1 %d row2 %d\n", (int)satf, ic[0], ic[16], ic[32]);
  }
  return 0;
}
