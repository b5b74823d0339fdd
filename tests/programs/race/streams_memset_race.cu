// cudaMemset is work on the legacy default stream; a stream created with cudaStreamNonBlocking
// does not wait for it (STREAM-4), so the kernel may read the buffer before the memset clears it
// (STREAM-6). The race is reported at the kernel's read, naming the memset issued before it.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel sum (launched at [[FILE]]:[[@LINE+23]]), block (0,0,0), thread ([[#T:]],0,0) (warp 0, lane [[#L:]])
// CHECK-NEXT:   between a kernel on stream 1 and a copy issued before it on the default stream, with nothing ordering the two:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+20]]: write of 128 bytes of the destination by cudaMemset
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: read of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]])
// CHECK-NEXT:   global memory: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]), at +[[#mul(T,4)]]
// CHECK-NEXT:   a copy or memset is work on its stream, as a kernel is: order the two (the same stream, an event recorded after the first and cudaStreamWaitEvent before the second, or a host wait between them) (docs/semantics/streams.md, STREAM-6)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void sum(const int* counts, int* total) {
  atomicAdd(total, counts[threadIdx.x]);  // may read before the memset has cleared counts
}

int main() {
  int *counts, *total;
  cudaMalloc(&counts, 32 * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMemsetAsync(total, 0, sizeof(int), s);
  cudaMemset(counts, 0, 32 * sizeof(int));
  sum<<<1, 32, 0, s>>>(counts, total);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
