// Lanes 0-15 shuffle among themselves, but the clamp value (c = 0x1f) lets lanes 14 and 15 read
// lanes 16 and 17, which are not in the mask: the values they get are undefined.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: shuffle from inactive lane
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+14]]), block (0,0,0), thread (14,0,0) (warp 0, lane 14)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: shfl.sync.down (membermask 0x0000ffff, b=2, c=31) with lanes 0-15 taking part
// CHECK-NEXT:   lane 14 reads lane 16, which {{is not named in the mask 0x0000ffff|has exited}}; a lane that is not part of the exchange has no value to give, so the result is undefined (SHFL-7)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__global__ void k(unsigned* out) {
  unsigned v = threadIdx.x, r = 0;
  if (threadIdx.x < 16) asm volatile("shfl.sync.down.b32 %0, %1, 2, 0x1f, 0xffff;" : "=r"(r) : "r"(v));
  out[threadIdx.x] = r;
}
int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
