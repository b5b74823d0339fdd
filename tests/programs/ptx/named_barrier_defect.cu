// A named barrier for two of the block's four warps: the engine runs only barrier 0 of the whole
// block, so it reports the instruction instead of approximating it.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: unsupported PTX
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+13]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+6]]: asm: bar.sync 1, 64
// CHECK-NEXT:   named barrier 1: the engine runs barrier 0 only (__syncthreads)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(int* out) {
  if (threadIdx.x < 64) asm volatile("bar.sync 1, 64;" ::: "memory");
  out[threadIdx.x] = 1;
}
int main() {
  int* out;
  cudaMalloc(&out, 128 * sizeof(int));
  k<<<1, 128>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
