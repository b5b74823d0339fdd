// A hand-written grid barrier, as Parboil's bfs has it: every block adds one to a global counter
// and its thread 0 spins until the counter reaches the grid's size. On a GPU all 24 blocks are
// resident at once, so the barrier opens; the engine runs fewer blocks than that at a time (one
// per worker) and must set a waiting block aside to start the others (RESIDENT-1). The spin reads a
// volatile counter (no scheduling point: the watchdog preempts it) or, with -DATOMIC_SPIN, an
// atomic (a scheduling point: the block steps aside after spinning). 48 KB of dynamic shared
// memory a block leave 4 blocks a multiprocessor: 48 resident blocks on the emulated sm_90.
// RUN: %warpsafe run %s --workers 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --workers 2 2>&1 | FileCheck %s
// RUN: env WARPSAFE_WORKERS=1 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -DATOMIC_SPIN --workers 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -DATOMIC_SPIN --workers 2 --schedule random --seed 7 2>&1 | FileCheck %s
// RUN: %warpsafe check %s -DATOMIC_SPIN --schedules 3 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      rounds: 3, arrivals seen by every block: 72 of 72
// CHECK-NEXT: sync: no error
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe check: no defect in 3 schedules (policies {{.*}})
// CHECKED-NOT:  {{.}}

#include <stdio.h>

constexpr int kBlocks = 24;
constexpr int kRounds = 3;
constexpr size_t kShared = 48 * 1024;

__device__ volatile int arrived = 0;

__device__ void grid_barrier(int goal) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd((int*)&arrived, 1);
#ifdef ATOMIC_SPIN
    while (atomicAdd((int*)&arrived, 0) < goal) {
    }
#else
    while (arrived < goal) {
    }
#endif
    __threadfence();
  }
  __syncthreads();
}

__global__ void rounds(int* marks, int* seen) {
  extern __shared__ int scratch[];
  scratch[threadIdx.x] = threadIdx.x;
  int goal = 0;
  for (int r = 1; r <= kRounds; ++r) {
    if (threadIdx.x == 0) atomicAdd(&marks[blockIdx.x], 1);
    goal += gridDim.x;
    grid_barrier(goal);
    if (threadIdx.x == 0) {
      // After the barrier every block has marked this round.
      int all = 0;
      for (int b = 0; b < gridDim.x; ++b) all += atomicAdd(&marks[b], 0) >= r;
      atomicAdd(seen, all);
    }
    goal += gridDim.x;
    grid_barrier(goal);
  }
  if (scratch[threadIdx.x] != threadIdx.x) atomicAdd(seen, -1000);
}

int main() {
  int* marks;
  int* seen;
  cudaMalloc(&marks, kBlocks * sizeof(int));
  cudaMalloc(&seen, sizeof(int));
  cudaMemset(marks, 0, kBlocks * sizeof(int));
  cudaMemset(seen, 0, sizeof(int));
  rounds<<<kBlocks, 32, kShared>>>(marks, seen);
  const cudaError_t e = cudaDeviceSynchronize();
  int got = 0;
  cudaMemcpy(&got, seen, sizeof(int), cudaMemcpyDeviceToHost);
  // Each round, each block counts the blocks that have marked it: kBlocks * kBlocks when all had.
  printf("rounds: %d, arrivals seen by every block: %d of %d\n", kRounds, got / kBlocks, kRounds * kBlocks);
  printf("sync: %s\n", e == cudaSuccess ? "no error" : cudaGetErrorString(e));
  return e == cudaSuccess && got == kRounds * kBlocks * kBlocks ? 0 : 1;
}
