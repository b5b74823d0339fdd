// Flags handed from later blocks to earlier ones: block b waits until block b+1 has published its
// value, so block 0 can finish only after the last block has run. Legal on a GPU while all the
// blocks fit on it at once (16 blocks here, of 48 resident on the emulated sm_90); the engine sets
// aside each waiting block and starts the next (RESIDENT-1). The wait is a spin on a volatile
// flag (the watchdog preempts it) or, with -DATOMIC_SPIN, on an atomic read.
// RUN: %warpsafe run %s --workers 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --workers 2 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -DATOMIC_SPIN --workers 1 --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -DATOMIC_SPIN --workers 2 2>&1 | FileCheck %s
// RUN: %warpsafe check %s -DATOMIC_SPIN --schedules 3 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      block 0 received 16 (expected 16)
// CHECK-NEXT: sync: no error
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe check: no defect in 3 schedules (policies {{.*}})
// CHECKED-NOT:  {{.}}

#include <stdio.h>

constexpr int kBlocks = 16;
constexpr size_t kShared = 48 * 1024;

__global__ void chain(volatile int* ready, int* value) {
  if (threadIdx.x == 0) {
    const int b = blockIdx.x;
    int from_next = 0;
    if (b + 1 < gridDim.x) {
#ifdef ATOMIC_SPIN
      while (atomicAdd((int*)&ready[b + 1], 0) == 0) {
      }
#else
      while (ready[b + 1] == 0) {
      }
#endif
      __threadfence();
      from_next = value[b + 1];
    }
    value[b] = from_next + 1;
    __threadfence();
#ifdef ATOMIC_SPIN
    atomicExch((int*)&ready[b], 1);
#else
    ready[b] = 1;
#endif
  }
}

int main() {
  int* ready;
  int* value;
  cudaMalloc(&ready, kBlocks * sizeof(int));
  cudaMalloc(&value, kBlocks * sizeof(int));
  cudaMemset(ready, 0, kBlocks * sizeof(int));
  cudaMemset(value, 0, kBlocks * sizeof(int));
  chain<<<kBlocks, 64, kShared>>>(ready, value);
  const cudaError_t e = cudaDeviceSynchronize();
  int first = 0;
  cudaMemcpy(&first, value, sizeof(int), cudaMemcpyDeviceToHost);
  printf("block 0 received %d (expected %d)\n", first, kBlocks);
  printf("sync: %s\n", e == cudaSuccess ? "no error" : cudaGetErrorString(e));
  return e == cudaSuccess && first == kBlocks ? 0 : 1;
}
