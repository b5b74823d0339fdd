// Every block adds its contribution to one global word with a plain read-modify-write. Blocks are
// not ordered by anything (no atomic, no fence, and __syncthreads is per block), so the accesses
// race. The sum is not checked: the race is the finding (inter_block_ok.cu is the repaired twin).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 10 --policy all 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel accumulate (launched at [[FILE]]:[[@LINE+17]]), block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: read of 4 bytes by block (1,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: previous write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   global memory: cudaMallocManaged block of 4 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+11]]), at +0
// CHECK-NEXT:   the threads are in different blocks: only atomics with __threadfence() order them (release: fence then atomic write; acquire: atomic then fence; FENCE-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void accumulate(int* total) {
  if (threadIdx.x == 0) *total += blockIdx.x + 1;
}

int main() {
  int* total;
  cudaMallocManaged(&total, sizeof(int));
  *total = 0;
  accumulate<<<4, 32>>>(total);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
