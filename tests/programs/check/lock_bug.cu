// A spin lock from atomicCAS/atomicExch guarding a plain counter, taken by one thread of each
// block, with no fences. CUDA's atomics are relaxed: without __threadfence after taking the lock
// and before releasing it, one holder's plain store need not be visible to the next holder, so
// the counter's accesses race. The count is not checked: the race is the finding (lock_ok.cu is
// the repaired twin).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel increment (launched at [[FILE]]:[[@LINE+22]]), block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]: read of 4 bytes by block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+13]]: previous write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: __device__ variable `counter` at [[FILE]]:[[@LINE+6]] (4 bytes) at +0
// CHECK-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

__device__ int lock = 0;
__device__ int counter = 0;

__global__ void increment() {
  if (threadIdx.x == 0) {
    while (atomicCAS(&lock, 0, 1) != 0) {
    }
    counter = counter + 1;
    atomicExch(&lock, 0);
  }
}

int main() {
  increment<<<4, 32>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
