// Two kernels on two streams, the second reading what the first writes, with nothing between the
// launches: on a GPU they may run at the same time (STREAM-1). The engine runs them one after the
// other, but the checker does not count that as an order; seeds that run consume first (STREAM-7)
// find it reading what produce has not written yet. streams_event_norace.cu is the twin with
// an event between them.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefix=RACE
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefix=SWAPPED
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefix=SWAPPED
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=3 --check-prefix=RACE
// RACE:       warpsafe: data race
// RACE-NEXT:    in kernel consume (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread ([[#T:]],0,0) (warp 0, lane [[#L:]])
// RACE-NEXT:    in global memory, between two threads with no happens-before between them:
// RACE-NEXT:    at [[FILE]]:[[@LINE+15]]: read of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]]) of kernel consume launched at [[FILE]]:[[@LINE+25]] on stream 2
// RACE-NEXT:    at [[FILE]]:[[@LINE+13]]: previous write of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]]) of kernel produce launched at [[FILE]]:[[@LINE+23]] on stream 1
// RACE-NEXT:    global memory: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+17]]), at +[[#mul(T,4)]]
// RACE-NEXT:    the threads are in two kernels that may run at the same time: stream 1 and stream 2 are not ordered between the two launches; record an event after the first (cudaEventRecord) and make the second's stream wait for it (cudaStreamWaitEvent), or synchronize (docs/semantics/streams.md, STREAM-1, STREAM-2)
// RACE-NEXT:    replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// RACE-NOT:   {{.}}
// SWAPPED:      warpsafe: read of uninitialized global memory
// SWAPPED-NEXT:   in kernel consume (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread ([[#T:]],0,0) (warp 0, lane [[#L:]])
// SWAPPED-NEXT:   at [[FILE]]:[[@LINE+7]]: read of 4 bytes by block (0,0,0), thread ([[#T]],0,0) (warp 0, lane [[#L]]) of bytes that no copy, memset or kernel had written
// SWAPPED-NEXT:   global memory: cudaMalloc block of 128 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+10]]), at +[[#mul(T,4)]]
// SWAPPED-NEXT:   cudaMalloc memory starts undefined; copy or set it (cudaMemcpy, cudaMemset) or write it in a kernel before reading it (MEM-3)
// SWAPPED-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// SWAPPED-NOT:  {{.}}

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
