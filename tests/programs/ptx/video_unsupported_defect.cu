// A video instruction whose GPU results are not what the PTX ISA defines: an H200 let an unsigned
// scalar `vadd ... .sat` wrap past 2^32 (video.cu, row vadd_u_sat) where the ISA clamps it. The
// engine refuses the form with one report at the asm's line, never a value of its own choosing.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 2'
// CHECK:      warpsafe: unsupported PTX
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: asm("vadd.u32.u32.u32.sat %0, %1, %2;")
// CHECK-NEXT:   `vadd.u32.u32.u32.sat %0, %1, %2`: a scalar video instruction saturated to an unsigned destination (.u32 ... .sat) is not run: the GPU's results differ from the PTX ISA's definition
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(unsigned* out, unsigned a) {
  unsigned d;
  asm("vadd.u32.u32.u32.sat %0, %1, %2;" : "=r"(d) : "r"(a), "r"(threadIdx.x));
  out[threadIdx.x] = d;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out, 0xffffffffu);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
