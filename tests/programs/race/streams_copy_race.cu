// A kernel on one stream reads a buffer; the host then issues an asynchronous copy into that
// buffer on another stream, with nothing ordering the two: on a GPU the copy engine may overwrite
// the data while the kernel still reads it (STREAM-6). streams_copy_norace.cu is the twin with an
// event between them.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in cudaMemcpyAsync on stream 2, after the launch of consume at [[FILE]]:[[@LINE+26]] on stream 1, with nothing ordering the two
// CHECK-NEXT:   between a copy and a kernel that may run at the same time:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+25]]: write of 128 bytes of the destination by cudaMemcpyAsync
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: read of 4 bytes by block (0,0,0), thread ([[#]],0,0) (warp 0, lane [[#]]) of the kernel
// CHECK-NEXT:   global memory: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+13]]), at +0
// CHECK-NEXT:   a copy or memset is work on its stream, as a kernel is: order the two (the same stream, an event recorded after the first and cudaStreamWaitEvent before the second, or a host wait between them) (docs/semantics/streams.md, STREAM-6)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void consume(const int* data, int* out) {
  out[threadIdx.x] = data[threadIdx.x] * 2;  // reads what the copy overwrites
}

int main() {
  int *data, *out, *next;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMallocHost(&next, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) next[i] = i;
  cudaMemset(data, 0, 32 * sizeof(int));
  cudaStream_t compute, copy;
  cudaStreamCreate(&compute);
  cudaStreamCreate(&copy);
  cudaDeviceSynchronize();
  consume<<<1, 32, 0, compute>>>(data, out);
  cudaMemcpyAsync(data, next, 32 * sizeof(int), cudaMemcpyHostToDevice, copy);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
