// Lane 0 spins on a plain load that no other thread will ever write.
// RUN: %expect-exit 66 %warpsafe run %s --hang-seconds 2 --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --hang-seconds 2 --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --hang-seconds 2 --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// The limit set by the environment is a flag of the replay command, which must reproduce the run:
// RUN: env WARPSAFE_HANG_SECONDS=2 %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// The spinning line is named: no scheduling point was reached.
// CHECK:      warpsafe: no progress (hang)
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: where it runs (in k(int volatile*))
// CHECK-NEXT:   the thread has run for 2 s without reaching a scheduling point (--hang-seconds): an endless loop, or a spin on a plain load that only another thread could end; spin loops need an atomic, a fence or __nanosleep
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90 --hang-seconds 2
// CHECK-NOT:  {{.}}

__global__ void k(volatile int* flag) {
  if (threadIdx.x == 0) {
    while (*flag == 0) {
    }
  }
}
int main() {
  int* flag;
  cudaMallocManaged(&flag, sizeof(int));
  *flag = 0;
  k<<<1, 32>>>(flag);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
