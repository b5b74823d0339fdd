// curand_poisson for 64 <= lambda <= 4000 is refused (the GPU's method rests on its approximate
// exp2/log2 instructions).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: unsupported by the engine
// CHECK-NEXT:   in kernel Draw (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread ({{[0-9]|[12][0-9]|3[01]}},0,0) (warp 0, lane {{[0-9]|[12][0-9]|3[01]}})
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: curand_poisson with lambda 100: for 64 <= lambda <= 4000 the GPU draws by a rejection method built on its approximate exp2/log2 instructions, which the engine does not reproduce
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <curand_kernel.h>

__global__ void Draw(unsigned* out) {
  curandState s;
  curand_init(1, threadIdx.x, 0, &s);
  out[threadIdx.x] = curand_poisson(&s, 100.0);
}

int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  Draw<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
