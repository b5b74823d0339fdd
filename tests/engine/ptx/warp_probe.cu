// Warp-level instructions and special registers in inline PTX
// (engine/src/ptx/warp_instructions.cpp, special_registers.cpp): shfl.sync in every mode with
// CUDA's c values and other clamps, its predicate result at and past the segment's edge; vote.sync,
// match.sync, redux.sync, activemask and bar.warp.sync, in whole and half warps; the lane masks and
// the thread and block registers of a 2-D launch.
#include "probe.cuh"

constexpr int kThreads = 64;
constexpr int kShflRows = 12;

__global__ void Shuffles(unsigned* out) {
  const unsigned t = threadIdx.x;
  const unsigned v = t * 0x01010101u + 7;
  const unsigned full = 0xffffffffu;
  unsigned r[kShflRows];
  // value | predicate << 16 (values stay below 0x10000 after masking)
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.up.b32 x|p, %1, 1, 0, %2; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[0]) : "r"(v), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.up.b32 x|p, %1, 5, 0x1800, %2; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[1]) : "r"(v), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.down.b32 x|p, %1, 3, 0x1f, %2; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[2]) : "r"(v), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.down.b32 x|p, %1, 2, 0x1c07, %2; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[3]) : "r"(v), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.bfly.b32 x|p, %1, 9, 0x1f, %2; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[4]) : "r"(v), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.bfly.b32 x|p, %1, 6, 0x180f, %2; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[5]) : "r"(v), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.idx.b32 x|p, %1, %2, 0x1f, %3; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[6]) : "r"(v), "r"(t * 7), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.idx.b32 x|p, %1, %2, 0x1805, %3; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[7]) : "r"(v), "r"(t * 3), "r"(full));
  asm("{ .reg .pred p; .reg .b32 x; shfl.sync.idx.b32 x|p, %1, 40, 0x10, %2; selp.b32 %0, 1, 0, p; shl.b32 %0, %0, 16;"
      " and.b32 x, x, 0xffff; or.b32 %0, %0, x; }" : "=r"(r[8]) : "r"(v), "r"(full));
  asm("shfl.sync.down.b32 %0, %1, %2, 0x1f, %3;" : "=r"(r[9]) : "r"(v), "r"(t % 5), "r"(full));
  // half a warp, with the other half elsewhere
  r[10] = 0xdead;
  if ((t & 31) < 16) asm("shfl.sync.up.b32 %0, %1, 2, 0x1000, 0xffff;" : "=r"(r[10]) : "r"(v));
  asm("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, %2;" : "=r"(r[11]) : "f"(static_cast<float>(t) * 0.5f), "r"(full));
  for (int i = 0; i < kShflRows; ++i) out[i * kThreads + t] = r[i];
}

constexpr int kCollRows = 20;

__global__ void Collectives(unsigned* out) {
  const unsigned t = threadIdx.x;
  const unsigned full = 0xffffffffu;
  unsigned r[kCollRows];
  asm("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(r[0]) : "r"(t % 7), "r"(full));
  asm("{ .reg .pred p, q; setp.eq.u32 p, %1, 13; vote.sync.any.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(r[1]) : "r"(t), "r"(full));
  asm("{ .reg .pred p, q; setp.lt.u32 p, %1, 100; vote.sync.uni.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(r[2]) : "r"(t), "r"(full));
  asm("{ .reg .pred p, q; setp.lt.u32 p, %1, 40; vote.sync.uni.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(r[3]) : "r"(t), "r"(full));
  asm("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }" : "=r"(r[4]) : "r"(t % 3), "r"(full));
  asm("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, !p, %2; }" : "=r"(r[5]) : "r"(t % 3), "r"(full));
  asm("match.sync.any.b32 %0, %1, %2;" : "=r"(r[6]) : "r"(t % 5), "r"(full));
  asm("match.sync.any.b64 %0, %1, %2;" : "=r"(r[7]) : "l"((static_cast<unsigned long long>(t % 3) << 40) | (t % 2)), "r"(full));
  asm("{ .reg .pred p; match.sync.all.b32 %0|p, %1, %2; @!p mov.u32 %0, 0xbad; }" : "=r"(r[8]) : "r"(t / 16), "r"(full));
  asm("{ .reg .pred p; match.sync.all.b32 %0|p, %1, %2; @!p mov.u32 %0, 0xbad; }" : "=r"(r[9]) : "r"(t / 32), "r"(full));
  asm("redux.sync.add.u32 %0, %1, %2;" : "=r"(r[10]) : "r"(t * t), "r"(full));
  asm("redux.sync.min.s32 %0, %1, %2;" : "=r"(r[11]) : "r"(static_cast<int>(t) - 40), "r"(full));
  asm("redux.sync.max.u32 %0, %1, %2;" : "=r"(r[12]) : "r"(t * 0x9e3779b9u), "r"(full));
  asm("redux.sync.and.b32 %0, %1, %2;" : "=r"(r[13]) : "r"(~(1u << (t % 32))), "r"(full));
  asm("redux.sync.or.b32 %0, %1, %2;" : "=r"(r[14]) : "r"(1u << (t % 13)), "r"(full));
  asm("redux.sync.xor.b32 %0, %1, %2;" : "=r"(r[15]) : "r"(t * 0x01000193u), "r"(full));
  // activemask: which lanes are converged is the schedule's choice; the caller is always among them
  unsigned active, self;
  asm volatile("activemask.b32 %0;" : "=r"(active));
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(self));
  r[16] = (active & self) != 0;
  asm volatile("bar.warp.sync %0;" : : "r"(full));
  r[17] = 0xdead;
  if ((t & 1) == 0) {
    asm("{ .reg .pred p; setp.ne.u32 p, %1, 4; vote.sync.ballot.b32 %0, p, 0x55555555; }" : "=r"(r[17]) : "r"(t & 7));
    asm volatile("bar.warp.sync 0x55555555;");
  }
  asm("redux.sync.add.s32 %0, %1, %2;" : "=r"(r[18]) : "r"(-static_cast<int>(t)), "r"(full));
  asm("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.any.pred p, p, %2; selp.u32 %0, 1, 0, p; }" : "=r"(r[19]) : "r"(0), "r"(full));
  for (int i = 0; i < kCollRows; ++i) out[i * kThreads + t] = r[i];
}

constexpr int kSpecialRows = 16;

__global__ void Specials(unsigned* out, unsigned long long* clocks) {
  const unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned linear_block = blockIdx.x + gridDim.x * blockIdx.y;
  const unsigned slot = linear_block * 48 + t;
  unsigned r[kSpecialRows];
  asm("mov.u32 %0, %%laneid;" : "=r"(r[0]));
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(r[1]));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r[2]));
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(r[3]));
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(r[4]));
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(r[5]));
  asm("mov.u32 %0, %%tid.x;" : "=r"(r[6]));
  asm("mov.u32 %0, %%tid.y;" : "=r"(r[7]));
  asm("mov.u32 %0, %%tid.z;" : "=r"(r[8]));
  asm("{ .reg .u32 x, y, z; mov.u32 x, %%ntid.x; mov.u32 y, %%ntid.y; mov.u32 z, %%ntid.z; mad.lo.u32 %0, y, 16, x; mad.lo.u32 %0, z, 256, %0; }" : "=r"(r[9]));
  asm("{ .reg .u32 x, y; mov.u32 x, %%ctaid.x; mov.u32 y, %%ctaid.y; mad.lo.u32 %0, y, 16, x; }" : "=r"(r[10]));
  asm("{ .reg .u32 x, y, z; mov.u32 x, %%nctaid.x; mov.u32 y, %%nctaid.y; mov.u32 z, %%nctaid.z; mad.lo.u32 %0, y, 16, x; mad.lo.u32 %0, z, 256, %0; }" : "=r"(r[11]));
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r[12]));
  unsigned warpid, nwarpid, smid, nsmid;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
  asm("mov.u32 %0, %%nwarpid;" : "=r"(nwarpid));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  asm("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
  r[13] = (warpid < nwarpid) | (smid < nsmid) << 1;
  r[14] = nwarpid;
  unsigned long long c0, c1, g;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
  unsigned c32;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(c32));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g));
  r[15] = (c1 >= c0) | (g > 0) << 1 | (c32 == c32) << 2;
  for (int i = 0; i < kSpecialRows; ++i) out[i * 96 + slot] = r[i];
  clocks[slot] = c1 - c0;
}

int main() {
  {
    const char* rows[kShflRows] = {"up.1",    "up.5.seg8",  "down.3",   "down.2.seg4.clamp7", "bfly.9",   "bfly.6.seg8.clamp15",
                                   "idx.7t",  "idx.3t.seg8.clamp5", "idx.40.c16", "down.t%5", "up.half",  "bfly.f32"};
    unsigned* out = ProbeAlloc<unsigned>(kShflRows * kThreads);
    Shuffles<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, kShflRows, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  {
    const char* rows[kCollRows] = {"vote.all",   "vote.any",      "vote.uni.true", "vote.uni.split", "ballot",
                                   "ballot.not", "match.any.b32", "match.any.b64", "match.all.half", "match.all.warp",
                                   "redux.add",  "redux.min.s32", "redux.max.u32", "redux.and",      "redux.or",
                                   "redux.xor",  "activemask.self",    "ballot.even",   "redux.add.s32",  "vote.any.none"};
    unsigned* out = ProbeAlloc<unsigned>(kCollRows * kThreads);
    Collectives<<<1, kThreads>>>(out);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, kCollRows, out, kThreads);
    PROBE_CHECK(cudaFree(out));
  }
  {
    const char* rows[kSpecialRows] = {"laneid",  "lanemask_eq", "lanemask_lt", "lanemask_le", "lanemask_gt",     "lanemask_ge",
                                      "tid.x",   "tid.y",       "tid.z",       "ntid",        "ctaid",           "nctaid",
                                      "dynamic_smem_size", "warpid<nwarpid,smid<nsmid", "nwarpid", "clock64,globaltimer"};
    unsigned* out = ProbeAlloc<unsigned>(kSpecialRows * 96);
    unsigned long long* clocks = ProbeAlloc<unsigned long long>(96);
    Specials<<<dim3(1, 2), dim3(4, 3, 4), 1000>>>(out, clocks);
    PROBE_CHECK(cudaGetLastError());
    ProbePrint(rows, kSpecialRows, out, 96);
    PROBE_CHECK(cudaFree(out));
    PROBE_CHECK(cudaFree(clocks));
  }
  return 0;
}
