// A mask-less shuffle inside a branch acts on the lanes that take the branch; after the branch the
// warp has reconverged (LEGACY-2). Lanes 0-15 shuffle within their half (width 16), then the whole
// warp shuffles, lane 15 reading lane 16: valid, under every schedule. With -DREAD_ACROSS the
// shuffle inside the branch has width 32, so lane 15 reads lane 16, which is not in the branch:
// undefined (LEGACY-3, SHFL-7), reported like the _sync form's read of a lane outside its mask.
// RUN: %warpsafe run %s --arch sm_60 --schedule lockstep 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %warpsafe run %s --arch sm_60 --schedule random --seed 1 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %warpsafe run %s --arch sm_60 --schedule random --seed 4 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 66 %warpsafe run %s --arch sm_60 --schedule lockstep --seed 1 -D READ_ACROSS 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --arch sm_60 --schedule random --seed 4 -D READ_ACROSS 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 4'
// OK:         inner 1 outer 31 lane15 16
// OK-NOT:     {{.}}
// CHECK:      warpsafe: shuffle from inactive lane
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+24]]), block (0,0,0), thread (15,0,0) (warp 0, lane 15)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+11]]: __shfl_down(value, delta=1, width=32) with lanes 0-15 taking part
// CHECK-NEXT:   lane 15 reads lane 16, which does not execute the call with it (the lanes converged at a mask-less shuffle are the only ones taking part, LEGACY-3); a lane that is not part of the exchange has no value to give, so the result is undefined (SHFL-7)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_60 -D READ_ACROSS
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void k(int* out) {
  const int lane = threadIdx.x;
  int inner = lane, outer = lane;
  if (lane < 16) {
#ifdef READ_ACROSS
    inner = __shfl_down(inner, 1);
#else
    inner = __shfl_down(inner, 1, 16);
#endif
  }
  outer = __shfl_down(outer, 1);
  out[lane] = inner - lane;
  out[32 + lane] = outer;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  int inner_moved = 0;
  for (int l = 0; l < 16; ++l) inner_moved += out[l] == 1;
  std::printf("inner %d outer %d lane15 %d\n", inner_moved == 15 && out[15] == 0 ? 1 : 0, out[32 + 30], out[32 + 15]);
  return 0;
}
