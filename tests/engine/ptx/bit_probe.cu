// Logic and bit instructions in inline PTX (engine/src/ptx/bit_instructions.cpp): shifts at and past
// the width, lop3 tables, funnel shifts in both clamp modes, every prmt mode, field extraction and
// insertion with positions and lengths past the width.
#include "probe.cuh"

constexpr int kThreads = 32;

__constant__ unsigned kValues[16] = {0u,          1u,          2u,          0x7fffffffu, 0x80000000u, 0xffffffffu,
                                     0x12345678u, 0xdeadbeefu, 31u,         32u,         33u,         0xffffu,
                                     0x10000u,    0xfffffffeu, 0x800000u,   0xff7fffffu};
constexpr int kRows = 31;

__global__ void Bits(unsigned* out) {
  const unsigned t = threadIdx.x;
  const unsigned a = kValues[t % 16], b = kValues[(t * 7 + 3 + t / 16) % 16], c = kValues[(t * 13 + 5 + 3 * (t / 16)) % 16];
  const unsigned n = t * 3;  // shift amounts and positions 0 ... 93
  unsigned r[kRows];
  asm("and.b32 %0, %1, %2;" : "=r"(r[0]) : "r"(a), "r"(b));
  asm("or.b32 %0, %1, %2;" : "=r"(r[1]) : "r"(a), "r"(b));
  asm("xor.b32 %0, %1, %2;" : "=r"(r[2]) : "r"(a), "r"(b));
  asm("not.b32 %0, %1;" : "=r"(r[3]) : "r"(a));
  asm("cnot.b32 %0, %1;" : "=r"(r[4]) : "r"(a));
  asm("shl.b32 %0, %1, %2;" : "=r"(r[5]) : "r"(b), "r"(n));
  asm("shr.u32 %0, %1, %2;" : "=r"(r[6]) : "r"(b), "r"(n));
  asm("shr.s32 %0, %1, %2;" : "=r"(r[7]) : "r"(b), "r"(n));
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r[8]) : "r"(a), "r"(b), "r"(c));
  asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(r[9]) : "r"(a), "r"(b), "r"(c));
  asm("lop3.b32 %0, %1, %2, %3, 0x1e;" : "=r"(r[10]) : "r"(a), "r"(b), "r"(c));
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r[11]) : "r"(a), "r"(b), "r"(n));
  asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(r[12]) : "r"(a), "r"(b), "r"(n));
  asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(r[13]) : "r"(a), "r"(b), "r"(n));
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r[14]) : "r"(a), "r"(b), "r"(n));
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r[15]) : "r"(a), "r"(b), "r"(c));
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r[16]) : "r"(a), "r"(b), "r"(t));
  asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(r[17]) : "r"(a), "r"(b), "r"(t));
  asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(r[18]) : "r"(a), "r"(b), "r"(t));
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(r[19]) : "r"(a), "r"(b), "r"(t));
  asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(r[20]) : "r"(a), "r"(b), "r"(t));
  asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(r[21]) : "r"(a), "r"(b), "r"(t));
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r[22]) : "r"(a), "r"(n), "r"(c & 0x3f));
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r[23]) : "r"(a), "r"(t), "r"(n / 2));
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r[24]) : "r"(a), "r"(b), "r"(t), "r"(n / 2));
  asm("popc.b32 %0, %1;" : "=r"(r[25]) : "r"(a ^ b));
  asm("clz.b32 %0, %1;" : "=r"(r[26]) : "r"(a & b));
  asm("brev.b32 %0, %1;" : "=r"(r[27]) : "r"(a + b));
  asm("bfind.u32 %0, %1;" : "=r"(r[28]) : "r"(a & c));
  asm("bfind.s32 %0, %1;" : "=r"(r[29]) : "r"(a ^ c));
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r[30]) : "r"(b));
  for (int i = 0; i < kRows; ++i) out[i * kThreads + t] = r[i];
}

__global__ void Bits64(unsigned long long* out) {
  const unsigned t = threadIdx.x;
  const unsigned a = kValues[t % 16], b = kValues[(t * 7 + 3 + t / 16) % 16], c = kValues[(t * 13 + 5 + 3 * (t / 16)) % 16];
  const unsigned long long A = (static_cast<unsigned long long>(a) << 32) | c;
  const unsigned n = t * 5;  // 0 ... 155
  unsigned long long r[7];
  asm("shl.b64 %0, %1, %2;" : "=l"(r[0]) : "l"(A), "r"(n));
  asm("shr.s64 %0, %1, %2;" : "=l"(r[1]) : "l"(A), "r"(n));
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(r[2]) : "l"(A), "r"(n / 2), "r"(b & 0x7f));
  unsigned p, z, f;
  asm("popc.b64 %0, %1;" : "=r"(p) : "l"(A));
  asm("clz.b64 %0, %1;" : "=r"(z) : "l"(A >> (n & 63)));
  asm("bfind.s64 %0, %1;" : "=r"(f) : "l"(A));
  r[3] = p;
  r[4] = z;
  r[5] = f;
  asm("brev.b64 %0, %1;" : "=l"(r[6]) : "l"(A));
  for (int i = 0; i < 7; ++i) out[i * kThreads + t] = r[i];
}

int main() {
  {
    const char* rows[kRows] = {"and",      "or",       "xor",       "not",       "cnot",          "shl.b32",  "shr.u32",
                               "shr.s32",  "lop3.96",  "lop3.e8",   "lop3.1e",   "shf.l.wrap",    "shf.l.clamp",
                               "shf.r.wrap", "shf.r.clamp", "prmt",  "prmt.f4e",  "prmt.b4e",      "prmt.rc8", "prmt.ecl",
                               "prmt.ecr", "prmt.rc16", "bfe.u32",  "bfe.s32",   "bfi",           "popc",     "clz",
                               "brev",     "bfind.u32", "bfind.s32", "bfind.shiftamt"};
    unsigned* out = ProbeAlloc<unsigned>(kRows * kThreads);
    Bits<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, kRows, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  {
    const char* rows[] = {"shl.b64", "shr.s64", "bfe.u64", "popc.b64", "clz.b64", "bfind.s64", "brev.b64"};
    unsigned long long* out = ProbeAlloc<unsigned long long>(7 * kThreads);
    Bits64<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, 7, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  return 0;
}
