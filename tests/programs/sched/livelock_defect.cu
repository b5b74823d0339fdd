// A lock taken by lanes of one warp, whose holder waits at __syncwarp for lanes that spin on it.
// RUN: %expect-exit 66 %warpsafe run %s --livelock-steps 200000 --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --livelock-steps 200000 --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --livelock-steps 200000 --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: livelock
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+19]]), block (0,0,0)
// CHECK-NEXT:   no progress (no collective, barrier, exit, modifying atomic, or checked access that observed something new) in 200000 scheduling steps (--livelock-steps); the threads:
// CHECK-NEXT:     warp 0 {{lane [0-9]+ runs|lanes [0-9,-]+ run}} (last scheduling point here) at [[FILE]]:[[@LINE+7]]
// CHECK-NEXT:     warp 0 lane {{[0-9]+}} waits at __syncwarp with mask 0xffffffff at [[FILE]]:[[@LINE+8]]
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90 --livelock-steps 200000
// CHECK-NOT:  {{.}}

__device__ int lock;
__global__ void k(int* counter) {
  while (atomicCAS(&lock, 0, 1) != 0) {
  }
  __syncwarp();
  *counter += 1;
  atomicExch(&lock, 0);
}
int main() {
  int* counter;
  cudaMallocManaged(&counter, sizeof(int));
  *counter = 0;
  k<<<1, 32>>>(counter);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
