// The host reads a result the grid has written while the grid still waits for the host's flag:
// the launch has returned, but nothing has waited for the kernel, so the read races with it, as
// after any launch (MEM-4; docs/semantics/host_wait.md, HOSTWAIT-3). The twin,
// zero_copy_flag_ok.cu, reads only after cudaDeviceSynchronize.
// RUN: %expect-exit 66 %warpsafe check %s --schedules 4 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in host code, after the launch of produce_then_wait at [[FILE]]:[[@LINE+23]], before anything waited for it
// CHECK-NEXT:   between the host and a kernel it has not waited for:
// CHECK-NEXT:   at [[FILE]]:[[@LINE+22]]: read of 4 bytes by the host
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0) of the kernel
// CHECK-NEXT:   global memory: cudaMallocManaged block of 128 bytes (the program's 2nd allocation, made at [[FILE]]:[[@LINE+17]]), at +0
// CHECK-NEXT:   a launch returns before its kernel runs to the end: {{.*}}
// CHECK-NEXT:   replay: {{.*}}
// CHECK-NOT:  {{.}}

#include <stdio.h>

__global__ void produce_then_wait(volatile int* go, int* out) {
  out[threadIdx.x] = threadIdx.x + 1;
  while (*go == 0) __nanosleep(100);
  out[threadIdx.x] += *go;
}

int main() {
  int* go;
  int* out;
  cudaMallocManaged(&go, sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  *go = 0;
  produce_then_wait<<<1, 32>>>(go, out);
  const int early = out[0];
  *go = 1;
  cudaDeviceSynchronize();
  printf("%d %d\n", early, out[0]);
  return 0;
}
