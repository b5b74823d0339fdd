// The twin of zero_copy_flag_ok.cu whose host never sets the flag: the grid parks, and when the
// host waits for it at cudaDeviceSynchronize it still cannot go on. That is the livelock reported
// as for any spin that never ends, naming the spinning line (HOSTWAIT-1).
// RUN: %expect-exit 66 %warpsafe run %s --livelock-steps 200000 --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --livelock-steps 200000 --schedule random --seed 3 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 3'
// CHECK:      launch returned
// CHECK-NEXT: warpsafe: livelock
// CHECK-NEXT:   in kernel scale_when_told (launched at [[FILE]]:[[@LINE+25]]), block (0,0,0)
// CHECK-NEXT:   no progress (no collective, barrier, exit, modifying atomic, or checked access that observed something new) in 200000 scheduling steps (--livelock-steps); the threads:
// CHECK-NEXT:     warp 0 lanes 0-31 run (last scheduling point here) at [[FILE]]:[[@LINE+7]]
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90 --livelock-steps 200000
// CHECK-NOT:  {{.}}

#include <stdio.h>

__global__ void scale_when_told(volatile int* go, const int* in, int* out) {
  while (*go == 0) __nanosleep(100);
  out[threadIdx.x] = in[threadIdx.x] * *go;
}

int main() {
  int* go;
  int* in;
  int* out;
  if (cudaHostAlloc(&go, sizeof(int), cudaHostAllocMapped) != cudaSuccess) return 1;
  if (cudaHostAlloc(&in, 32 * sizeof(int), cudaHostAllocMapped) != cudaSuccess) return 1;
  if (cudaMalloc(&out, 32 * sizeof(int)) != cudaSuccess) return 1;
  int* go_device;
  int* in_device;
  cudaHostGetDevicePointer(&go_device, go, 0);
  cudaHostGetDevicePointer(&in_device, in, 0);
  *go = 0;
  scale_when_told<<<1, 32>>>(go_device, in_device, out);
  printf("launch returned\n");
  fflush(stdout);
  for (int i = 0; i < 32; ++i) in[i] = i + 1;
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
