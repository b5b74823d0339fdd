// The host reads a result the kernel writes before waiting for the kernel: a launch returns at
// once on a GPU, so the read races with the kernel's write (MEM-4).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in host code, after the launch of Square at [[FILE]]:[[@LINE+13]], before anything waited for it
// CHECK-NEXT:   between the host and a kernel it has not waited for:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: read of 4 bytes by the host
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of the kernel
// CHECK-NEXT:   global memory: cudaMallocManaged block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+8]]), at +0
// CHECK-NEXT:   a launch returns before its kernel runs to the end: wait for it (cudaDeviceSynchronize, cudaStreamSynchronize, cudaEventSynchronize or a synchronous cudaMemcpy) before the host touches memory the kernel reads or writes (MEM-4)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Square(int* out) { out[threadIdx.x] = threadIdx.x * threadIdx.x; }
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  Square<<<1, 32>>>(out);
  const int first = out[0];  // no cudaDeviceSynchronize before this read
  cudaDeviceSynchronize();
  cudaFree(out);
  return first;
}
