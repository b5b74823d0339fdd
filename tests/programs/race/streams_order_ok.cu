// The twin of streams_order_bug.cu: an event recorded after the first kernel, waited for by the
// second's stream, orders them (STREAM-2), so every schedule runs them in that order (STREAM-7).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=pct WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=runahead WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// CHECK:      consume saw 42
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void produce(int* box) { atomicExch(box, 42); }
__global__ void consume(int* box, int* seen) { *seen = atomicAdd(box, 0); }

int main() {
  int *box, *seen;
  cudaMalloc(&box, sizeof(int));
  cudaMalloc(&seen, sizeof(int));
  cudaMemset(box, 0, sizeof(int));
  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreate(&b);
  cudaEvent_t produced;
  cudaEventCreate(&produced);
  produce<<<1, 1, 0, a>>>(box);
  cudaEventRecord(produced, a);
  cudaStreamWaitEvent(b, produced, 0);
  consume<<<1, 1, 0, b>>>(box, seen);
  int h = -1;
  cudaMemcpy(&h, seen, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(box);
  cudaFree(seen);
  if (h != 42) {
    std::printf("consume ran first: it saw %d\n", h);
    return 1;
  }
  std::printf("consume saw %d\n", h);
  return 0;
}
