// Two blocks hand a value over: the first to claim the slot writes it and publishes it, the other
// waits for it and reads it. Only block 0's path fences before publishing, so the race needs block
// 1 to claim first: found only when the schedule runs block 1 before block 0 (BLOCK-1, BLOCK-2;
// docs/semantics/block_order.md). block_order_ok.cu is the twin that fences on both paths.
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel handoff (launched at [[FILE]]:[[@LINE+30]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+21]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: previous write of 4 bytes by block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: __device__ variable `data` at [[FILE]]:[[@LINE+7]] (4 bytes) at +0
// CHECK-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --policy runahead --seed 6 --schedules 1 --arch sm_90
// CHECK-NOT:  {{.}}

__device__ int claim = 0;
__device__ int ready = 0;
__device__ int data = 0;

__global__ void handoff(int* out) {
  if (threadIdx.x != 0) return;
  if (atomicCAS(&claim, 0, 1) == 0) {
    data = 42 + static_cast<int>(blockIdx.x);
    if (blockIdx.x == 0) __threadfence();
    atomicExch(&ready, 1);
  } else {
    while (atomicAdd(&ready, 0) == 0) {
    }
    __threadfence();
    out[blockIdx.x] = data;
  }
}

int main() {
  int* out;
  cudaMalloc(&out, 2 * sizeof(int));
  handoff<<<2, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
