// Memory, atomic and barrier instructions in inline PTX (engine/src/ptx/memory_instructions.cpp,
// atomic_instructions.cpp, barrier_instructions.cpp): ld/st in every state space and strength,
// vectors, cvta and shared-window addresses, cp.async with zero fill and its groups, atom/red of
// every operation (final values only: the order of a block's atomics is the schedule's), bar.sync
// with a thread count, bar.red, fences, nanosleep, griddepcontrol.
#include "probe.cuh"

constexpr int kThreads = 64;
constexpr int kRows = 14;

__global__ void Memory(const unsigned* in, unsigned* out, unsigned* counters, unsigned long long* wide, float* fsum) {
  __shared__ unsigned tile[kThreads];
  __shared__ __align__(16) unsigned copy[kThreads * 4 + 16];
  extern __shared__ unsigned dyn[];
  const unsigned t = threadIdx.x;
  unsigned r[kRows];
  unsigned saddr;
  asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(saddr) : "l"(&tile[t]));
  asm volatile("st.shared.u32 [%0], %1;" : : "r"(saddr), "r"(t * 3 + 1) : "memory");
  asm volatile("bar.sync 0;" ::: "memory");
  unsigned neighbour;
  asm volatile("{ .reg .u64 a; cvta.to.shared.u64 a, %1; ld.shared.u32 %0, [a+4]; }" : "=r"(neighbour) : "l"(&tile[t & ~1u]) : "memory");
  r[0] = neighbour;
  unsigned long long generic;
  asm("cvta.shared.u64 %0, %1;" : "=l"(generic) : "l"(static_cast<unsigned long long>(saddr)));
  r[1] = generic == reinterpret_cast<unsigned long long>(&tile[t]);
  unsigned x, y, z, w;
  asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "l"(in + (t % 8) * 4));
  r[2] = x ^ (y << 1) ^ (z << 2) ^ (w << 3);
  asm volatile("ld.volatile.global.u32 %0, [%1+8];" : "=r"(r[3]) : "l"(in + t));
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(r[4]) : "l"(in + 2 * t));
  asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(r[5]) : "l"(in + 3));
  unsigned short s16;
  asm volatile("ld.global.s16 %0, [%1];" : "=h"(s16) : "l"(in + t));
  r[6] = s16;
  int s8;
  asm volatile("ld.global.s8 %0, [%1+3];" : "=r"(s8) : "l"(in + t));
  r[7] = static_cast<unsigned>(s8);
  // cp.async: 16, 8 and 4 bytes, the last one with 1 source byte and zero fill
  unsigned dst;
  asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(dst) : "l"(&copy[t * 4]));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" : : "r"(dst), "l"(in + (t % 16) * 4) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  r[8] = copy[t * 4] + copy[t * 4 + 1] * 3 + copy[t * 4 + 2] * 5 + copy[t * 4 + 3] * 7;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, 1;" : : "r"(dst), "l"(in + t) : "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  r[9] = copy[t * 4];
  asm volatile("st.release.gpu.global.u32 [%0], %1;" : : "l"(out + kRows * kThreads + t), "r"(t) : "memory");
  asm volatile("st.relaxed.sys.global.v2.u32 [%0], {%1, %2};" : : "l"(wide + 40 + t), "r"(t), "r"(~t) : "memory");
  asm volatile("bar.sync 0;" ::: "memory");  // every thread has read tile[] above
  asm volatile("st.volatile.shared.u32 [%0], %1;" : : "r"(saddr), "r"(t * 5) : "memory");
  // atomics: counters[0..11]
  asm volatile("red.global.add.u32 [%0], %1;" : : "l"(counters + 0), "r"(t) : "memory");
  unsigned old;  // the order of the block's atomics is the schedule's: only final values are printed
  asm volatile("atom.global.add.u32 %0, [%1], 2;" : "=r"(old) : "l"(counters + 1) : "memory");
  asm volatile("atom.global.inc.u32 %0, [%1], 9;" : "=r"(old) : "l"(counters + 2) : "memory");
  asm volatile("atom.global.dec.u32 %0, [%1], 20;" : "=r"(old) : "l"(counters + 3) : "memory");
  asm volatile("atom.global.min.s32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 4), "r"(37 - static_cast<int>(t)) : "memory");
  asm volatile("atom.global.max.u32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 5), "r"(t * 2654435761u) : "memory");
  asm volatile("atom.global.and.b32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 6), "r"(~(1u << (t % 32))) : "memory");
  asm volatile("atom.global.or.b32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 7), "r"(1u << (t % 29)) : "memory");
  asm volatile("atom.global.xor.b32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 8), "r"(t * 0x1234567u) : "memory");
  asm volatile("atom.global.cas.b32 %0, [%1], 0, %2;" : "=r"(old) : "l"(counters + 9), "r"(t + 100) : "memory");
  asm volatile("atom.relaxed.gpu.global.exch.b32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 10), "r"(7u) : "memory");
  unsigned sold;
  unsigned scount;
  asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(scount) : "l"(&dyn[0]));
  if (t == 0) dyn[0] = 0;
  asm volatile("bar.sync 0, 64;" ::: "memory");
  asm volatile("atom.shared.add.u32 %0, [%1], 3;" : "=r"(sold) : "r"(scount) : "memory");
  asm volatile("atom.acq_rel.gpu.global.add.u64 %0, [%1], %2;" : "=l"(generic) : "l"(wide), "l"(1ull << 33 | t) : "memory");
  float fold;
  asm volatile("atom.global.add.f32 %0, [%1], %2;" : "=f"(fold) : "l"(fsum), "f"(static_cast<float>(t) * 0.25f) : "memory");
  asm volatile("membar.cta;\n\tfence.acq_rel.gpu;\n\tfence.sc.sys;\n\tmembar.gl;" ::: "memory");
  asm volatile("nanosleep.u32 %0;" : : "r"(100 + t));
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("barrier.sync 0;" ::: "memory");
  r[10] = dyn[0];
  unsigned count, all, any;
  asm volatile("{ .reg .pred p; setp.lt.u32 p, %1, 23; bar.red.popc.u32 %0, 0, p; }" : "=r"(count) : "r"(t) : "memory");
  asm volatile("{ .reg .pred p, q; setp.lt.u32 p, %1, 64; bar.red.and.pred q, 0, p; selp.u32 %0, 1, 0, q; }" : "=r"(all) : "r"(t) : "memory");
  asm volatile("{ .reg .pred p, q; setp.eq.u32 p, %1, 63; bar.red.or.pred q, 0, %2, !p; selp.u32 %0, 1, 0, q; }" : "=r"(any) : "r"(t), "r"(64) : "memory");
  r[11] = count | all << 8 | any << 9;
  unsigned isshared;
  asm("{ .reg .pred p; isspacep.shared p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(isshared) : "l"(&tile[0]));
  unsigned isglobal;
  asm("{ .reg .pred p; isspacep.shared p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(isglobal) : "l"(in));
  r[12] = isshared | isglobal << 1;
  r[13] = tile[t];
  (void)old;
  (void)sold;
  for (int i = 0; i < kRows; ++i) out[i * kThreads + t] = r[i];
}

int main() {
  unsigned host_in[kThreads * 4];
  for (int i = 0; i < kThreads * 4; ++i) host_in[i] = 0x9e3779b9u * (i + 1) ^ (i << 7);
  unsigned* in = ProbeAlloc<unsigned>(kThreads * 4);
  ProbeUpload(in, host_in, kThreads * 4);
  unsigned* out = ProbeAlloc<unsigned>(kRows * kThreads + kThreads);
  unsigned* counters = ProbeAlloc<unsigned>(12);
  const unsigned init[12] = {0, 0, 0, 5, 0x7fffffff, 0, 0xffffffffu, 0, 0, 0, 0, 0};
  ProbeUpload(counters, init, 12);
  unsigned long long* wide = ProbeAlloc<unsigned long long>(40 + kThreads);
  PROBE_CHECK(cudaMemset(wide, 0, sizeof(unsigned long long)));
  float* fsum = ProbeAlloc<float>(1);
  PROBE_CHECK(cudaMemset(fsum, 0, sizeof(float)));
  Memory<<<1, kThreads, 64>>>(in, out, counters, wide, fsum);
  PROBE_CHECK(cudaGetLastError());
  const char* rows[kRows + 1] = {"ld.shared+4",  "cvta.shared",    "ld.nc.v4",     "ld.volatile", "ld.relaxed",
                                 "ld.acquire",   "ld.s16",         "ld.s8",        "cp.async.16", "cp.async.zfill",
                                 "atom.shared",  "bar.red",        "isspacep",     "st.volatile.shared", "st.release"};
  ProbePrint(rows, kRows + 1, out, kThreads);
  unsigned host_counters[12];
  PROBE_CHECK(cudaMemcpy(host_counters, counters, sizeof(host_counters), cudaMemcpyDeviceToHost));
  std::printf("counters:");
  for (int i = 0; i < 11; ++i) {
    if (i != 9) std::printf(" %x", host_counters[i]);  // [9]: whichever thread's cas came first
  }
  std::printf("\ncas winner in range: %d\n", host_counters[9] >= 100 && host_counters[9] < 100 + kThreads);
  unsigned long long host_wide[40 + kThreads];
  PROBE_CHECK(cudaMemcpy(host_wide, wide, sizeof(host_wide), cudaMemcpyDeviceToHost));
  std::printf("atom.add.u64: %llx\nst.v2:", host_wide[0]);
  for (int i = 40; i < 40 + kThreads; ++i) std::printf(" %llx", host_wide[i]);
  float host_f;
  PROBE_CHECK(cudaMemcpy(&host_f, fsum, sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("\natom.add.f32: %a\n", host_f);
  return 0;
}
