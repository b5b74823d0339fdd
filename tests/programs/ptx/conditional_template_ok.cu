// An asm statement whose template chooses its instruction with #ifdef between the literals, as
// CUB 1.x's MatchAny does: the branch the preprocessor keeps is the one that runs. The ballot of
// odd lanes through vote.ballot.sync (WITH_SYNC defined) or through a shift (not defined) gives
// different results, so a run of the wrong branch is seen.
// RUN: %warpsafe run %s -D WITH_SYNC --schedule lockstep --seed 1 2>&1 | FileCheck %s --check-prefix=SYNC
// RUN: %warpsafe run %s -D WITH_SYNC --schedule random --seed 3 2>&1 | FileCheck %s --check-prefix=SYNC
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s --check-prefix=SHIFT
// SYNC:       lane 0: aaaaaaaa, lane 5: aaaaaaaa
// SYNC-NOT:   {{.}}
// SHIFT:      lane 0: 0, lane 5: 2
// SHIFT-NOT:  {{.}}
#include <cstdio>

__global__ void Ballot(unsigned* out) {
  unsigned r;
  const unsigned odd = threadIdx.x & 1;
  asm volatile("{\n"
               "  .reg .pred p;\n"
               "  setp.ne.u32 p, %1, 0;\n"
#ifdef WITH_SYNC
               "  vote.sync.ballot.b32 %0, p, 0xffffffff;\n"
#else
               "  shl.b32 %0, %1, 1;\n"
#endif
               "}\n"
               : "=r"(r)
               : "r"(odd));
  out[threadIdx.x] = r;
}

int main() {
  unsigned* out = nullptr;
  cudaMallocManaged(&out, 32 * sizeof(unsigned));
  Ballot<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("lane 0: %x, lane 5: %x\n", out[0], out[5]);
  return 0;
}
