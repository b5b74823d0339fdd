// The host prepares the next input while the kernel may still be reading the current one, with no
// synchronisation between them (MEM-4).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in host code, after the launch of Copy at [[FILE]]:[[@LINE+15]], before anything waited for it
// CHECK-NEXT:   between the host and a kernel it has not waited for:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]: write of 4 bytes by the host
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of the kernel
// CHECK-NEXT:   global memory: cudaMallocManaged block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+8]]), at +0
// CHECK-NEXT:   a launch returns before its kernel runs to the end: wait for it (cudaDeviceSynchronize, cudaStreamSynchronize, cudaEventSynchronize or a synchronous cudaMemcpy) before the host touches memory the kernel reads or writes (MEM-4)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Copy(const int* in, int* out) { out[threadIdx.x] = in[threadIdx.x]; }
int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = i;
  Copy<<<1, 32>>>(in, out);
  for (int i = 0; i < 32; ++i) in[i] = -i;  // the kernel may not have read in[] yet
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
