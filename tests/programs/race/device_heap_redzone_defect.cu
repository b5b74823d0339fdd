// A kernel allocates an array with new in device code and writes one element past its end. The
// engine serves device-side new from the C heap, where the write would land on the allocator's
// bookkeeping or a neighbouring block unseen; every device-heap block has red zones on both sides
// (REDZONE-3). device_heap_redzone_norace.cu is the twin that stops at the end.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// CHECK:      warpsafe: out-of-bounds access
// CHECK-NEXT:   in kernel Squares (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0), thread ([[#T:]],0,0) (warp 0, lane [[#L:]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: write of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]])
// CHECK-NEXT:   global memory: a device-heap block of 32 bytes (malloc or new in device code), 0 bytes past its end
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void Squares(int n, int* out) {
  int* a = new int[n];
  for (int i = 0; i <= n; ++i) {  // one past the end
    a[i] = i * i;
  }
  out[threadIdx.x] = a[n - 1];
  delete[] a;
}

int main() {
  int* out;
  cudaMalloc(&out, 4 * sizeof(int));
  Squares<<<1, 4>>>(8, out);
  cudaDeviceSynchronize();
  int h[4];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("%d\n", h[3]);
  return 0;
}
