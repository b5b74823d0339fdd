// nvcuda::experimental::awbarrier (<cuda_awbarrier.h>) on the engine's mbarriers: three phases of a
// block-wide exchange through shared memory, each thread reading its neighbour's slot only after the
// phase completed (wait on the token, try_wait_parity, timed_wait in a loop), then half the block
// leaving with arrive_and_drop, after which a phase needs only the other half. The tokens' pending
// counts and the sums are printed; a phase that completed early or late gives other sums, and one
// that never completes is a deadlock report. awbarrier_deadlock_defect.cu is the broken twin.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 8 2>&1 | FileCheck %s
// CHECK:      max 16383, pending after the last arrival of phase 0: 0, of the first: 63
// CHECK-NEXT: phase sums: 2016 4032 6048, after the drop: 7936 (32 threads)
// CHECK-NOT:  {{.}}
#include <cstdio>

#include <cuda_awbarrier.h>

namespace nvx = nvcuda::experimental;
constexpr int kThreads = 64;

__global__ void Exchange(int* sums, unsigned* pending) {
  __shared__ nvx::awbarrier bar;
  __shared__ int slot[kThreads];
  const int t = threadIdx.x;
  if (t == 0) nvx::init(&bar, kThreads);
  __syncthreads();

  // Phase 0: wait on the token.
  slot[t] = t;
  nvx::awbarrier::arrival_token token = bar.arrive();
  pending[t] = token.pending_count();
  bar.wait(token);
  int got = slot[(t + 1) % kThreads];
  atomicAdd(&sums[0], got);
  bar.arrive_and_wait();  // every read of phase 0 is done before phase 1 overwrites

  // Phase 2 (the third): parity waits, then timed waits.
  slot[t] = 2 * t;
  bar.arrive();
  while (!bar.try_wait_parity(false, 1000)) {
  }
  atomicAdd(&sums[1], slot[(t + 5) % kThreads]);
  bar.arrive_and_wait();
  slot[t] = 3 * t;
  token = bar.arrive();
  while (!bar.timed_wait(token, 100)) {
  }
  atomicAdd(&sums[2], slot[(t + 7) % kThreads]);
  bar.arrive_and_wait();

  // The odd threads leave; the even ones go on alone, phases of 32 arrivals.
  if (t % 2 == 1) {
    bar.arrive_and_drop();
    return;
  }
  bar.arrive_and_wait();  // completes with the drops of the odd threads
  slot[t] = 4 * t;
  bar.arrive_and_wait();
  atomicAdd(&sums[3], slot[(t + 2) % kThreads] + slot[t]);
  atomicAdd(&sums[4], 1);
}

int main() {
  int* sums;
  unsigned* pending;
  cudaMallocManaged(&sums, 5 * sizeof(int));
  cudaMallocManaged(&pending, kThreads * sizeof(unsigned));
  for (int i = 0; i < 5; ++i) sums[i] = 0;
  Exchange<<<1, kThreads>>>(sums, pending);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  unsigned last = 0, first = 0;
  for (int i = 0; i < kThreads; ++i) {
    if (pending[i] == 0) ++last;
    if (pending[i] == kThreads - 1) ++first;
  }
  std::printf("max %u, pending after the last arrival of phase 0: %u, of the first: %u\n", nvx::awbarrier::max(),
              last == 1 ? 0u : 99u, first == 1 ? kThreads - 1u : 99u);
  std::printf("phase sums: %d %d %d, after the drop: %d (%d threads)\n", sums[0], sums[1], sums[2], sums[3], sums[4]);
  return 0;
}
