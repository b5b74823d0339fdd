// A packed 16-bit instruction that does not exist: ptxas refuses `sub.s16x2` (only add, min and max
// take .u16x2/.s16x2). The engine refuses it with one report at the asm's line, never a value of
// its own choosing (SIMD-12).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 2'
// CHECK:      warpsafe: unsupported PTX
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: asm("sub.s16x2 %0, %1, %2;")
// CHECK-NEXT:   `sub.s16x2 %0, %1, %2`: the .u16x2 and .s16x2 types are for add, min and max
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(unsigned* out, unsigned a) {
  unsigned d;
  asm("sub.s16x2 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(threadIdx.x));
  out[threadIdx.x] = d;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out, 0x00010002u);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
