// A kernel writes through a null pointer that is only known at run time (a constant null could
// be optimised away as undefined behaviour by the host compiler).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+12]]), block (0,0,0), thread (3,0,0) (warp 0, lane 3)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: the faulting access
// CHECK-NEXT:   invalid memory access at address 0xc (on a GPU: cudaErrorIllegalAddress)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(int* out) {
  if (threadIdx.x == 3) out[threadIdx.x] = 1;
}
int main(int argc, char**) {
  int* out = nullptr;
  if (argc > 1000) cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
