// A spin lock from atomicCAS/atomicExch guarding a plain read-modify-write, taken by one thread
// of every warp of two blocks. With a fence after the acquiring CAS and before the releasing
// exchange the critical sections are ordered (FENCE-1, ATOMIC-1).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | count 0

__device__ int lock;
__device__ int counter;

__global__ void increment() {
  if (threadIdx.x % 32 != 0) return;
  while (atomicCAS(&lock, 0, 1) != 0) {
  }
  __threadfence();
  counter = counter + 1;
  __threadfence();
  atomicExch(&lock, 0);
}

int main() {
  increment<<<2, 128>>>();
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpyFromSymbol(&h, counter, sizeof h);
  return h == 8 ? 0 : 1;
}
