// Integer arithmetic in inline PTX (engine/src/ptx/integer_instructions.cpp): each of 32 threads
// takes a, b, c from a table of edge values and runs every instruction on them.
#include "probe.cuh"

constexpr int kThreads = 32;

__constant__ unsigned kValues[16] = {0u,          1u,          2u,          0x7fffffffu, 0x80000000u, 0xffffffffu,
                                     0x12345678u, 0xdeadbeefu, 31u,         32u,         33u,         0xffffu,
                                     0x10000u,    0xfffffffeu, 0x800000u,   0xff7fffffu};


__global__ void Integer32(unsigned* out) {
  const unsigned t = threadIdx.x;
  const unsigned a = kValues[t % 16], b = kValues[(t * 7 + 3 + t / 16) % 16], c = kValues[(t * 13 + 5 + 3 * (t / 16)) % 16];
  const unsigned nz = b | 1u;
  unsigned r[24];
  asm("add.u32 %0, %1, %2;" : "=r"(r[0]) : "r"(a), "r"(b));
  asm("sub.u32 %0, %1, %2;" : "=r"(r[1]) : "r"(a), "r"(b));
  asm("mul.lo.u32 %0, %1, %2;" : "=r"(r[2]) : "r"(a), "r"(b));
  asm("mul.hi.u32 %0, %1, %2;" : "=r"(r[3]) : "r"(a), "r"(b));
  asm("mul.hi.s32 %0, %1, %2;" : "=r"(r[4]) : "r"(a), "r"(b));
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
  asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
  asm("mul24.lo.u32 %0, %1, %2;" : "=r"(r[7]) : "r"(a), "r"(b));
  asm("mul24.hi.s32 %0, %1, %2;" : "=r"(r[8]) : "r"(a), "r"(b));
  asm("sad.u32 %0, %1, %2, %3;" : "=r"(r[9]) : "r"(a), "r"(b), "r"(c));
  asm("min.s32 %0, %1, %2;" : "=r"(r[10]) : "r"(a), "r"(b));
  asm("max.u32 %0, %1, %2;" : "=r"(r[11]) : "r"(a), "r"(b));
  asm("abs.s32 %0, %1;" : "=r"(r[12]) : "r"(a));
  asm("neg.s32 %0, %1;" : "=r"(r[13]) : "r"(a));
  asm("add.sat.s32 %0, %1, %2;" : "=r"(r[14]) : "r"(a), "r"(b));
  asm("sub.sat.s32 %0, %1, %2;" : "=r"(r[15]) : "r"(a), "r"(b));
  asm("div.u32 %0, %1, %2;" : "=r"(r[16]) : "r"(a), "r"(nz));
  asm("rem.s32 %0, %1, %2;" : "=r"(r[17]) : "r"(a), "r"(nz));
  asm("div.s32 %0, %1, %2;" : "=r"(r[18]) : "r"(a), "r"(nz));
  // 64-bit addition and subtraction from 32-bit halves through the carry flag
  unsigned lo, hi;
  asm("add.cc.u32 %0, %2, %3;\n\taddc.u32 %1, %4, %5;" : "=r"(lo), "=r"(hi) : "r"(a), "r"(b), "r"(c), "r"(a));
  r[19] = lo;
  r[20] = hi;
  asm("sub.cc.u32 %0, %2, %3;\n\tsubc.u32 %1, %4, %5;" : "=r"(lo), "=r"(hi) : "r"(a), "r"(b), "r"(c), "r"(a));
  r[21] = lo;
  r[22] = hi;
  // a carry chain of three words: addc.cc passes the carry on
  unsigned w2;
  asm("add.cc.u32 %0, %3, %4;\n\taddc.cc.u32 %1, %4, %5;\n\taddc.u32 %2, 0, 0;" : "=r"(lo), "=r"(hi), "=r"(w2)
      : "r"(a), "r"(b), "r"(c));
  r[23] = w2 * 0x10000u + (hi & 0xffffu);
  for (int i = 0; i < 24; ++i) out[i * kThreads + t] = r[i];
}

__global__ void Integer64(unsigned long long* out) {
  const unsigned t = threadIdx.x;
  const unsigned a = kValues[t % 16], b = kValues[(t * 7 + 3 + t / 16) % 16], c = kValues[(t * 13 + 5 + 3 * (t / 16)) % 16];
  const unsigned long long A = (static_cast<unsigned long long>(a) << 32) | c;
  const unsigned long long B = (static_cast<unsigned long long>(c) << 32) | b;
  unsigned long long r[12];
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(r[0]) : "r"(a), "r"(b));
  asm("mul.wide.s32 %0, %1, %2;" : "=l"(r[1]) : "r"(a), "r"(b));
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(r[2]) : "r"(a), "r"(b), "l"(A));
  asm("mul.hi.u64 %0, %1, %2;" : "=l"(r[3]) : "l"(A), "l"(B));
  asm("mul.hi.s64 %0, %1, %2;" : "=l"(r[4]) : "l"(A), "l"(B));
  asm("mul.lo.u64 %0, %1, %2;" : "=l"(r[5]) : "l"(A), "l"(B));
  asm("add.s64 %0, %1, %2;" : "=l"(r[6]) : "l"(A), "l"(B));
  asm("min.s64 %0, %1, %2;" : "=l"(r[7]) : "l"(A), "l"(B));
  asm("max.u64 %0, %1, %2;" : "=l"(r[8]) : "l"(A), "l"(B));
  asm("div.u64 %0, %1, %2;" : "=l"(r[9]) : "l"(A), "l"(B | 1));
  asm("rem.s64 %0, %1, %2;" : "=l"(r[10]) : "l"(A), "l"(B | 1));
  // mad.lo.cc / madc.hi: a 32x32 -> 64 product plus a 64-bit addend from halves
  unsigned lo, hi;
  asm("mad.lo.cc.u32 %0, %2, %3, %4;\n\tmadc.hi.u32 %1, %2, %3, %5;" : "=r"(lo), "=r"(hi)
      : "r"(a), "r"(b), "r"(c), "r"(a));
  r[11] = (static_cast<unsigned long long>(hi) << 32) | lo;
  for (int i = 0; i < 12; ++i) out[i * kThreads + threadIdx.x] = r[i];
}

int main() {
  {
    const char* rows[] = {"add.u32",      "sub.u32",      "mul.lo.u32",   "mul.hi.u32",   "mul.hi.s32",   "mad.lo.u32",
                          "mad.hi.s32",   "mul24.lo.u32", "mul24.hi.s32", "sad.u32",      "min.s32",      "max.u32",
                          "abs.s32",      "neg.s32",      "add.sat.s32",  "sub.sat.s32",  "div.u32",      "rem.s32",
                          "div.s32",      "add.cc.lo",    "addc.hi",      "sub.cc.lo",    "subc.hi",      "addc.cc.chain"};
    unsigned* out = ProbeAlloc<unsigned>(24 * kThreads);
    Integer32<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, 24, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  {
    const char* rows[] = {"mul.wide.u32", "mul.wide.s32", "mad.wide.u32", "mul.hi.u64", "mul.hi.s64", "mul.lo.u64",
                          "add.s64",      "min.s64",      "max.u64",      "div.u64",    "rem.s64",    "mad.lo.cc+madc.hi"};
    unsigned long long* out = ProbeAlloc<unsigned long long>(12 * kThreads);
    Integer64<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, 12, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  return 0;
}
