// A message passed from warp 0 to warp 1 of a block through a flag, with no fences: the flag is
// atomic, but an atomic alone orders nothing, so the consumer's read of the payload races with
// the producer's write. The payload is not checked: the race is the finding (message_flag_ok.cu is
// the repaired twin).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel pass (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+18]]: read of 4 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+11]]: previous write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: __device__ variable `payload` at [[FILE]]:[[@LINE+5]] (4 bytes) at +0
// CHECK-NEXT:   the threads are in warps 0 and 1 of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

__device__ int payload = 0;
__device__ int flag = 0;

__global__ void pass(int* out) {
  if (threadIdx.x == 0) {
    payload = 42;
    atomicExch(&flag, 1);
  }
  if (threadIdx.x == 32) {
    while (atomicAdd(&flag, 0) == 0) {
    }
    *out = payload;
  }
}

int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  pass<<<1, 64>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
