// Within one block, block-scoped atomics and fences are enough: thread 0 (warp 0) passes a message
// to thread 32 (warp 1) with __threadfence_block() and atomicExch_block / atomicAdd_block, no
// __syncthreads (SCOPE-1, SCOPE-2: block scope covers every thread of the block).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: leak: cudaMalloc block of 4 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+26]]) was never freed
// CHECK-NOT:  {{.}}

__shared__ int flag;
__shared__ int message;

__global__ void pass(int* out) {
  if (threadIdx.x == 0) {
    atomicExch_block(&flag, 0);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    message = 42;
    __threadfence_block();
    atomicExch_block(&flag, 1);
  }
  if (threadIdx.x == 32) {
    while (atomicAdd_block(&flag, 0) == 0) {
    }
    __threadfence_block();
    *out = message;
  }
}

int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  pass<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  return h == 42 ? 0 : 1;
}
