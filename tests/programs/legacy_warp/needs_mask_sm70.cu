// The mask-less intrinsics exist only before Volta (LEGACY-1). Built for sm_70 or later, as by
// default (sm_90; nvcc 13's own default, sm_75, refuses them too), the build stops at each call
// with the _sync form to write instead, as nvcc stops (exit 65). Built for sm_60 it runs.
// RUN: %expect-exit 65 %warpsafe run %s --arch sm_70 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 65 %warpsafe run %s -arch=sm_75 2>&1 | FileCheck %s -DFILE=%s
// RUN: %warpsafe run %s --arch sm_60 2>&1 | FileCheck %s --check-prefix=SM60
// CHECK-DAG:  [[FILE]]:[[@LINE+14]]:{{[0-9]+}}: required from here
// CHECK-DAG:  __shfl_down() has no mask and exists only before Volta: on sm_70 and later a warp's threads are scheduled independently and the call needs one; write __shfl_down_sync(mask, ...), or build for an older architecture (--arch sm_60, -arch=sm_52)
// CHECK-DAG:  [[FILE]]:[[@LINE+13]]:{{[0-9]+}}: required from here
// CHECK-DAG:  __ballot() has no mask and exists only before Volta: on sm_70 and later a warp's threads are scheduled independently and the call needs one; write __ballot_sync(mask, ...), or build for an older architecture (--arch sm_60, -arch=sm_52)
// CHECK-DAG:  [[FILE]]:[[@LINE+12]]:{{[0-9]+}}: required from here
// CHECK-DAG:  __any() has no mask and exists only before Volta: on sm_70 and later a warp's threads are scheduled independently and the call needs one; write __any_sync(mask, ...), or build for an older architecture (--arch sm_60, -arch=sm_52)
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
// SM60:       5 0x0000ffff 1
// SM60-NOT:   {{.}}
#include <cstdio>

__global__ void k(int* out) {
  int v = threadIdx.x < 3 ? 1 : 0;
  for (int d = 16; d > 0; d /= 2) v += __shfl_down(v, d);
  const unsigned low = __ballot(threadIdx.x < 16);
  const int three = __any(threadIdx.x == 3);
  if (threadIdx.x == 0) out[0] = v + 2, out[1] = static_cast<int>(low), out[2] = three;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 3 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("%d 0x%08x %d\n", out[0], static_cast<unsigned>(out[1]), out[2]);
  return 0;
}
