// Floating-point instructions in inline PTX (engine/src/ptx/float_instructions.cpp): every rounding
// mode, .ftz and .sat, NaN and signed zeros in min/max, f64, and f16x2 pairs. The .approx functions
// are left out: the GPU's approximation and the engine's correctly rounded value may differ.
#include "probe.cuh"

constexpr int kThreads = 32;

// f32 bit patterns: zeros, ones, 0.1, halves, huge, subnormal, infinities, NaN, max, min normal.
__constant__ unsigned kF32[16] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3dcccccdu, 0x40200000u,
                                  0x7149f2cau, 0x80000800u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f7fffffu,
                                  0x00800000u, 0x3fc00000u, 0xc0200000u, 0x4b800001u};
constexpr int kRows = 27;

__device__ float F(unsigned bits) { return __uint_as_float(bits); }

__global__ void Float32(unsigned* out) {
  const unsigned t = threadIdx.x;
  const float a = F(kF32[t % 16]), b = F(kF32[(t * 7 + 3 + t / 16) % 16]), c = F(kF32[(t * 13 + 5 + 3 * (t / 16)) % 16]);
  float r[kRows];
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r[0]) : "f"(a), "f"(b));
  asm("add.rz.f32 %0, %1, %2;" : "=f"(r[1]) : "f"(a), "f"(b));
  asm("add.rm.f32 %0, %1, %2;" : "=f"(r[2]) : "f"(a), "f"(b));
  asm("add.rp.f32 %0, %1, %2;" : "=f"(r[3]) : "f"(a), "f"(b));
  asm("sub.rn.f32 %0, %1, %2;" : "=f"(r[4]) : "f"(a), "f"(b));
  asm("mul.rz.f32 %0, %1, %2;" : "=f"(r[5]) : "f"(a), "f"(b));
  asm("mul.rp.f32 %0, %1, %2;" : "=f"(r[6]) : "f"(a), "f"(b));
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r[7]) : "f"(a), "f"(b), "f"(c));
  asm("fma.rz.f32 %0, %1, %2, %3;" : "=f"(r[8]) : "f"(a), "f"(b), "f"(c));
  asm("div.rn.f32 %0, %1, %2;" : "=f"(r[9]) : "f"(a), "f"(b));
  asm("div.rz.f32 %0, %1, %2;" : "=f"(r[10]) : "f"(a), "f"(b));
  asm("rcp.rn.f32 %0, %1;" : "=f"(r[11]) : "f"(b));
  asm("sqrt.rn.f32 %0, %1;" : "=f"(r[12]) : "f"(a));
  asm("min.f32 %0, %1, %2;" : "=f"(r[13]) : "f"(a), "f"(b));
  asm("max.f32 %0, %1, %2;" : "=f"(r[14]) : "f"(a), "f"(b));
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r[15]) : "f"(a), "f"(b));
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r[16]) : "f"(a), "f"(b));
  asm("abs.f32 %0, %1;" : "=f"(r[17]) : "f"(a));
  asm("neg.f32 %0, %1;" : "=f"(r[18]) : "f"(a));
  asm("add.rn.ftz.f32 %0, %1, %2;" : "=f"(r[19]) : "f"(a), "f"(b));
  asm("mul.rn.ftz.f32 %0, %1, %2;" : "=f"(r[20]) : "f"(a), "f"(c));
  asm("add.rn.sat.f32 %0, %1, %2;" : "=f"(r[21]) : "f"(a), "f"(b));
  asm("copysign.f32 %0, %1, %2;" : "=f"(r[22]) : "f"(a), "f"(b));
  unsigned p0, p1, p2;
  asm("{ .reg .pred p; testp.normal.f32 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(p0) : "f"(a));
  asm("{ .reg .pred p; testp.subnormal.f32 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(p1) : "f"(a));
  asm("{ .reg .pred p; testp.notanumber.f32 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(p2) : "f"(a));
  r[23] = __uint_as_float(p0 | p1 << 1 | p2 << 2);
  asm("mov.f32 %0, 0f3F800000;" : "=f"(r[24]));
  asm("add.f32 %0, %1, 0f40000000;" : "=f"(r[25]) : "f"(a));
  asm("mad.rn.f32 %0, %1, %2, %3;" : "=f"(r[26]) : "f"(a), "f"(b), "f"(c));
  for (int i = 0; i < kRows; ++i) out[i * kThreads + t] = __float_as_uint(r[i]);
}

__global__ void Float64(unsigned long long* out) {
  const unsigned t = threadIdx.x;
  const double a = F(kF32[t % 16]) * 1.0000001, b = F(kF32[(t * 7 + 3 + t / 16) % 16]) / 3.0,
               c = F(kF32[(t * 13 + 5 + 3 * (t / 16)) % 16]);
  double r[8];
  asm("add.rn.f64 %0, %1, %2;" : "=d"(r[0]) : "d"(a), "d"(b));
  asm("add.rz.f64 %0, %1, %2;" : "=d"(r[1]) : "d"(a), "d"(b));
  asm("mul.rm.f64 %0, %1, %2;" : "=d"(r[2]) : "d"(a), "d"(b));
  asm("fma.rp.f64 %0, %1, %2, %3;" : "=d"(r[3]) : "d"(a), "d"(b), "d"(c));
  asm("div.rn.f64 %0, %1, %2;" : "=d"(r[4]) : "d"(a), "d"(b));
  asm("sqrt.rn.f64 %0, %1;" : "=d"(r[5]) : "d"(b));
  asm("min.f64 %0, %1, %2;" : "=d"(r[6]) : "d"(a), "d"(b));
  asm("max.f64 %0, %1, %2;" : "=d"(r[7]) : "d"(a), "d"(b));
  for (int i = 0; i < 8; ++i) out[i * kThreads + t] = static_cast<unsigned long long>(__double_as_longlong(r[i]));
}

__global__ void Half2(unsigned* out) {
  const unsigned t = threadIdx.x;
  // two halves per register, from the f32 table through cvt.rn.f16.f32
  const float a0 = F(kF32[t % 16]), a1 = F(kF32[(t + 5) % 16]);
  const float b0 = F(kF32[(t * 7 + 3 + t / 16) % 16]), b1 = F(kF32[(t * 3 + 1) % 16]);
  unsigned a, b, r[5];
  asm("{ .reg .b16 lo, hi; cvt.rn.f16.f32 lo, %1; cvt.rn.f16.f32 hi, %2; mov.b32 %0, {lo, hi}; }" : "=r"(a) : "f"(a0), "f"(a1));
  asm("{ .reg .b16 lo, hi; cvt.rn.f16.f32 lo, %1; cvt.rn.f16.f32 hi, %2; mov.b32 %0, {lo, hi}; }" : "=r"(b) : "f"(b0), "f"(b1));
  r[0] = a;
  asm("add.rn.f16x2 %0, %1, %2;" : "=r"(r[1]) : "r"(a), "r"(b));
  asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(r[2]) : "r"(a), "r"(b));
  asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(a));
  asm("fma.rn.sat.f16x2 %0, %1, %2, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(b));
  for (int i = 0; i < 5; ++i) out[i * kThreads + t] = r[i];
}

int main() {
  {
    const char* rows[kRows] = {"add.rn",  "add.rz",   "add.rm",   "add.rp",    "sub.rn",     "mul.rz",  "mul.rp",
                               "fma.rn",  "fma.rz",   "div.rn",   "div.rz",    "rcp.rn",     "sqrt.rn", "min",
                               "max",     "min.NaN",  "max.NaN",  "abs",       "neg",        "add.ftz", "mul.ftz",
                               "add.sat", "copysign", "testp",    "mov.imm",   "add.imm",    "mad.rn"};
    unsigned* out = ProbeAlloc<unsigned>(kRows * kThreads);
    Float32<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, kRows, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  {
    const char* rows[] = {"add.rn.f64", "add.rz.f64", "mul.rm.f64", "fma.rp.f64", "div.rn.f64", "sqrt.rn.f64", "min.f64", "max.f64"};
    unsigned long long* out = ProbeAlloc<unsigned long long>(8 * kThreads);
    Float64<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, 8, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  {
    const char* rows[] = {"cvt.f16x2", "add.f16x2", "mul.f16x2", "fma.f16x2", "fma.sat.f16x2"};
    unsigned* out = ProbeAlloc<unsigned>(5 * kThreads);
    Half2<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, 5, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  return 0;
}
