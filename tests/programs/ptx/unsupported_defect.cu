// A texture fetch the engine does not run: one report at the asm's line, never a guessed value.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: unsupported PTX
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), thread ([[LANE:[0-9]+]],0,0) (warp 0, lane [[LANE]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: asm("tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}];")
// CHECK-NEXT:   `tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}]`: the engine does not run `tex` instructions
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(float* out, unsigned long long tex) {
  float x, y, z, w;
  asm volatile("tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}];" : "=f"(x), "=f"(y), "=f"(z), "=f"(w) : "l"(tex), "r"(0));
  out[threadIdx.x] = x + y + z + w;
}
int main() {
  float* out;
  cudaMalloc(&out, 32 * sizeof(float));
  k<<<1, 32>>>(out, 0);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
