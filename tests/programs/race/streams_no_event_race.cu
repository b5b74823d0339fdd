// Two kernels on two streams, the second reading what the first writes, with nothing between the
// launches: on a GPU they may run at the same time (STREAM-1). The engine runs them one after the
// other, but the checker does not count that as an order. streams_event_norace.cu is the twin with
// an event between them.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel consume (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0), thread ([[#T:]],0,0) (warp 0, lane [[#L:]])
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: read of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]]) of kernel consume launched at [[FILE]]:[[@LINE+18]] on stream 2
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: previous write of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]]) of kernel produce launched at [[FILE]]:[[@LINE+16]] on stream 1
// CHECK-NEXT:   global memory: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+10]]), at +[[#mul(T,4)]]
// CHECK-NEXT:   the threads are in two kernels that may run at the same time: stream 1 and stream 2 are not ordered between the two launches; record an event after the first (cudaEventRecord) and make the second's stream wait for it (cudaStreamWaitEvent), or synchronize (docs/semantics/streams.md, STREAM-1, STREAM-2)
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void produce(int* data) { data[threadIdx.x] = static_cast<int>(threadIdx.x); }
__global__ void consume(const int* data, int* out) { out[threadIdx.x] = data[threadIdx.x] * 2; }

int main() {
  int *data, *out;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaStream_t a, b;
  cudaStreamCreate(&a);
  cudaStreamCreate(&b);
  produce<<<1, 32, 0, a>>>(data);
  consume<<<1, 32, 0, b>>>(data, out);
  cudaDeviceSynchronize();
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  return h[5] == 10 ? 0 : 1;
}
