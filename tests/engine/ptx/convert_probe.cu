// Moves, conversions, comparisons and selection in inline PTX
// (engine/src/ptx/convert_instructions.cpp): every rounding of cvt between integers and floats,
// saturation, NaN, narrowing to f16/bf16, setp with NaN, boolean operations and two results, selp,
// and mov packing and unpacking vectors.
#include "probe.cuh"

constexpr int kThreads = 32;

__constant__ unsigned kF32[16] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3fc00000u, 0x40200000u,
                                  0xc0200000u, 0x4f000000u, 0xcf000001u, 0x7f800000u, 0x7fc00000u, 0x3f000001u,
                                  0x5f800000u, 0x80000800u, 0x477fe000u, 0x4b7fffffu};
__constant__ unsigned kInt[16] = {0u,          1u,          0xffffffffu, 0x7fffffffu, 0x80000000u, 0x1000001u,
                                  0xfeffffffu, 300u,        0xffffff80u, 0x7fffu,     0x8000u,     0xffff8000u,
                                  0x12345678u, 0x1fffffu,   0xff0000ffu, 65537u};
constexpr int kRows = 32;

__global__ void Convert(unsigned* out) {
  const unsigned t = threadIdx.x;
  const float f = __uint_as_float(kF32[t % 16]), g = __uint_as_float(kF32[(t * 7 + 3 + t / 16) % 16]);
  const unsigned i = kInt[t % 16], j = kInt[(t * 5 + 2 + t / 16) % 16];
  const double dd = static_cast<double>(f) * (1.0 + 1e-12);
  unsigned r[kRows];
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r[0]) : "f"(f));
  asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(r[1]) : "f"(f));
  asm("cvt.rmi.s32.f32 %0, %1;" : "=r"(r[2]) : "f"(f));
  asm("cvt.rpi.s32.f32 %0, %1;" : "=r"(r[3]) : "f"(f));
  asm("cvt.rni.u32.f32 %0, %1;" : "=r"(r[4]) : "f"(f));
  asm("cvt.rni.s32.f64 %0, %1;" : "=r"(r[5]) : "d"(dd));
  asm("cvt.rn.f32.s32 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[6])) : "r"(i));
  asm("cvt.rz.f32.u32 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[7])) : "r"(i));
  asm("cvt.rm.f32.s32 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[8])) : "r"(i));
  asm("cvt.rp.f32.u32 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[9])) : "r"(i));
  asm("cvt.rn.f32.f64 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[10])) : "d"(dd));
  asm("cvt.rz.f32.f64 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[11])) : "d"(dd));
  asm("cvt.rni.f32.f32 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[12])) : "f"(f));
  asm("cvt.rmi.f32.f32 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[13])) : "f"(f));
  asm("cvt.sat.f32.f32 %0, %1;" : "=f"(*reinterpret_cast<float*>(&r[14])) : "f"(f));
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  r[15] = h;
  asm("cvt.rz.f16.f32 %0, %1;" : "=h"(h) : "f"(g));
  r[16] = h;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(g));
  r[17] = h;
  asm("{ .reg .b16 x; cvt.rn.f16.f32 x, %1; cvt.f32.f16 %0, x; }" : "=f"(*reinterpret_cast<float*>(&r[18])) : "f"(g));
  asm("cvt.sat.u8.s32 %0, %1;" : "=r"(r[19]) : "r"(i));
  asm("cvt.s32.s8 %0, %1;" : "=r"(r[20]) : "r"(i));
  asm("cvt.sat.s16.s32 %0, %1;" : "=r"(r[21]) : "r"(i));
  asm("cvt.u16.u32 %0, %1;" : "=h"(h) : "r"(i));
  r[22] = h;
  asm("{ .reg .pred p; setp.lt.s32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(r[23]) : "r"(i), "r"(j));
  asm("{ .reg .pred p; setp.lo.u32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(r[24]) : "r"(i), "r"(j));
  asm("{ .reg .pred p; setp.ltu.f32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(r[25]) : "f"(f), "f"(g));
  asm("{ .reg .pred p; setp.ne.f32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(r[26]) : "f"(f), "f"(g));
  asm("{ .reg .pred p, q, c; setp.ge.s32 c, %3, 0; setp.gt.and.f32 p|q, %1, %2, !c;"
      " selp.u32 %0, 1, 0, p; @q add.u32 %0, %0, 2; }" : "=r"(r[27]) : "f"(f), "f"(g), "r"(i));
  asm("{ .reg .pred p; setp.nan.f32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(r[28]) : "f"(f), "f"(g));
  asm("selp.b32 %0, %1, %2, 1;" : "=r"(r[29]) : "r"(i), "r"(j));
  unsigned lo, hi;
  asm("{ .reg .b64 w; mov.b64 w, {%2, %3}; mov.b64 {%1, %0}, w; }" : "=r"(lo), "=r"(hi) : "r"(i), "r"(j));
  r[30] = lo ^ hi;
  unsigned short h0, h1;
  asm("mov.b32 {%0, %1}, %2;" : "=h"(h0), "=h"(h1) : "r"(i));
  r[31] = static_cast<unsigned>(h0) << 16 | h1;
  for (int k = 0; k < kRows; ++k) out[k * kThreads + t] = r[k];
}

__global__ void Convert64(unsigned long long* out) {
  const unsigned t = threadIdx.x;
  const float f = __uint_as_float(kF32[t % 16]);
  const unsigned i = kInt[t % 16], j = kInt[(t * 5 + 2 + t / 16) % 16];
  const long long s = static_cast<long long>((static_cast<unsigned long long>(i) << 32) | j);
  unsigned long long r[6];
  asm("cvt.rzi.s64.f32 %0, %1;" : "=l"(r[0]) : "f"(f * 1e9f));
  asm("cvt.rni.u64.f64 %0, %1;" : "=l"(r[1]) : "d"(static_cast<double>(f) * 3e18));
  asm("cvt.s64.s32 %0, %1;" : "=l"(r[2]) : "r"(i));
  asm("cvt.u64.u32 %0, %1;" : "=l"(r[3]) : "r"(i));
  float x, y;
  asm("cvt.rm.f32.s64 %0, %1;" : "=f"(x) : "l"(s));
  asm("cvt.rp.f32.u64 %0, %1;" : "=f"(y) : "l"(s));
  r[4] = __float_as_uint(x);
  r[5] = __float_as_uint(y);
  for (int k = 0; k < 6; ++k) out[k * kThreads + t] = r[k];
}

int main() {
  {
    const char* rows[kRows] = {"cvt.rni.s32.f32", "cvt.rzi.s32.f32", "cvt.rmi.s32.f32", "cvt.rpi.s32.f32",
                               "cvt.rni.u32.f32", "cvt.rni.s32.f64", "cvt.rn.f32.s32",  "cvt.rz.f32.u32",
                               "cvt.rm.f32.s32",  "cvt.rp.f32.u32",  "cvt.rn.f32.f64",  "cvt.rz.f32.f64",
                               "cvt.rni.f32.f32", "cvt.rmi.f32.f32", "cvt.sat.f32.f32", "cvt.rn.f16.f32",
                               "cvt.rz.f16.f32",  "cvt.rn.bf16.f32", "cvt.f32.f16",     "cvt.sat.u8.s32",
                               "cvt.s32.s8",      "cvt.sat.s16.s32", "cvt.u16.u32",     "setp.lt.s32",
                               "setp.lo.u32",     "setp.ltu.f32",    "setp.ne.f32",     "setp.gt.and",
                               "setp.nan",        "selp",            "mov.b64.vector",  "mov.b32.vector"};
    unsigned* out = ProbeAlloc<unsigned>(kRows * kThreads);
    Convert<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, kRows, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  {
    const char* rows[] = {"cvt.rzi.s64.f32", "cvt.rni.u64.f64", "cvt.s64.s32", "cvt.u64.u32", "cvt.rm.f32.s64", "cvt.rp.f32.u64"};
    unsigned long long* out = ProbeAlloc<unsigned long long>(6 * kThreads);
    Convert64<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, 6, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  return 0;
}
