// Two kernels on two streams: the second expects the first to have stored its value already. They
// touch the box only through atomics, so no access races; what matters is the order.
//   (as written)  nothing orders them: the assumption about the order is wrong, since a GPU does
//                 not keep it. `warpsafe check`'s exploring schedules run unordered kernels in
//                 either order, as the seed draws it (STREAM-7): seeds 1 and 5 run the second
//                 kernel first, seed 3 and the lockstep baseline keep issue order, and each
//                 replays alike.
//   ORDERED       an event recorded after the first kernel, waited for by the second's stream,
//                 orders them (STREAM-2), so every schedule runs them in that order (STREAM-7).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 1 %t 2>&1 | FileCheck %s --check-prefix=SWAPPED
// RUN: env WARPSAFE_SCHEDULE=pct WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 1 %t 2>&1 | FileCheck %s --check-prefix=SWAPPED
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s --check-prefix=ISSUED
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s --check-prefix=ISSUED
// RUN: %build-instrumented %s -o %t.ordered -D ORDERED
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.ordered 2>&1 | FileCheck %s --check-prefix=ISSUED
// RUN: env WARPSAFE_SCHEDULE=pct WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t.ordered 2>&1 | FileCheck %s --check-prefix=ISSUED
// RUN: env WARPSAFE_SCHEDULE=runahead WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t.ordered 2>&1 | FileCheck %s --check-prefix=ISSUED
// SWAPPED:      consume ran first: it saw 0
// SWAPPED-NOT:  {{.}}
// ISSUED:       consume saw 42
// ISSUED-NOT:   {{.}}

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
  produce<<<1, 1, 0, a>>>(box);
#ifdef ORDERED
  cudaEvent_t produced;
  cudaEventCreate(&produced);
  cudaEventRecord(produced, a);
  cudaStreamWaitEvent(b, produced, 0);
#endif
  consume<<<1, 1, 0, b>>>(box, seen);  // assumes produce has run
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
