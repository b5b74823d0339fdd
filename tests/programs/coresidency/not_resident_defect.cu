// The grid barrier of grid_barrier_ok.cu over 64 blocks when the emulated sm_90 holds 48 of them
// at once (48 KB of dynamic shared memory a block: 4 a multiprocessor, 12 multiprocessors). On a
// GPU the 48 resident blocks spin forever for 16 that can never start: a hang. The engine reports
// it, naming the spinning line, once no block it holds has made progress for --hang-seconds
// (RESIDENT-2). Which of the waiting blocks it names depends on timing.
// RUN: %expect-exit 66 %warpsafe run %s --hang-seconds 2 --workers 1 --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SPIN
// RUN: %expect-exit 66 %warpsafe run %s --hang-seconds 2 --workers 2 --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SPIN
// RUN: %expect-exit 66 %warpsafe run %s -DATOMIC_SPIN --hang-seconds 2 --workers 1 --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=ATOMIC
// SPIN:      warpsafe: blocks wait for blocks that cannot be resident
// SPIN-NEXT:   in kernel wait_for_all (launched at [[FILE]]:[[@LINE+45]]), block ({{[0-9]+}},0,0)
// SPIN-NEXT:   at [[FILE]]:[[@LINE+33]]: where a thread runs without reaching a scheduling point (in wait_for_all(int*))
// SPIN-NEXT:   the blocks set aside on this worker made no progress (no collective, barrier, exit or modifying atomic anywhere in the grid) in 2 s (--hang-seconds); the threads of this one:
// SPIN-NEXT:     warp 0 lane 0 runs (last scheduling point here) at [[FILE]]:[[@LINE+26]]
// SPIN-NEXT:     warp 0 lanes 1-31 wait at __syncthreads at [[FILE]]:[[@LINE+34]]
// SPIN-NEXT:   16 of the grid's 64 blocks have not started: the emulated device holds at most 48 blocks of this launch at once (4 per multiprocessor, occupancy, on 12 multiprocessors), and every resident block waits without progress
// SPIN-NEXT:   a block may wait for another block only if both can be resident at once; CUDA promises that only to a cooperative launch (cudaLaunchCooperativeKernel) of at most that many blocks (RESIDENT-2)
// SPIN-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 --workers {{[12]}} --hang-seconds 2
// SPIN-NOT:  {{.}}
// ATOMIC:      warpsafe: blocks wait for blocks that cannot be resident
// ATOMIC-NEXT:   in kernel wait_for_all (launched at [[FILE]]:[[@LINE+35]]), block ({{[0-9]+}},0,0)
// ATOMIC-NEXT:   the blocks set aside on this worker made no progress (no collective, barrier, exit or modifying atomic anywhere in the grid) in 2 s (--hang-seconds); the threads of this one:
// ATOMIC-NEXT:     warp 0 lane 0 runs (last scheduling point here) at [[FILE]]:[[@LINE+19]]
// ATOMIC-NEXT:     warp 0 lanes 1-31 wait at __syncthreads at [[FILE]]:[[@LINE+25]]
// ATOMIC-NEXT:   16 of the grid's 64 blocks have not started: the emulated device holds at most 48 blocks of this launch at once (4 per multiprocessor, occupancy, on 12 multiprocessors), and every resident block waits without progress
// ATOMIC-NEXT:   a block may wait for another block only if both can be resident at once; CUDA promises that only to a cooperative launch (cudaLaunchCooperativeKernel) of at most that many blocks (RESIDENT-2)
// ATOMIC-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D ATOMIC_SPIN --workers 1 --hang-seconds 2
// ATOMIC-NOT:  {{.}}

#include <stdio.h>

constexpr int kBlocks = 64;
constexpr size_t kShared = 48 * 1024;

__device__ volatile int arrived = 0;

__global__ void wait_for_all(int* out) {
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd((int*)&arrived, 1);
#ifdef ATOMIC_SPIN
    while (atomicAdd((int*)&arrived, 0) < gridDim.x) {
    }
#else
    while (arrived < gridDim.x) {
    }
#endif
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = arrived;
}

int main() {
  int* out;
  cudaMalloc(&out, kBlocks * 32 * sizeof(int));
  wait_for_all<<<kBlocks, 32, kShared>>>(out);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  return 0;
}
