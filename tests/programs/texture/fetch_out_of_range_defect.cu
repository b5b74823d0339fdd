// tex1Dfetch one past the end of its linear memory: tex1Dfetch applies no address mode, so CUDA
// leaves the result undefined (TEX-3; the GPU recorded zeros, tests/programs/texture/Inputs).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: invalid texture fetch
// CHECK-NEXT:   in kernel Read (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0), thread (31,0,0) (warp 0, lane 31)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: tex1Dfetch through texture object 1
// CHECK-NEXT:   index 32 is outside the texture's 32 texels, and tex1Dfetch applies no address mode (undefined)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>

#include "Inputs/texture_setup.h"

__global__ void Read(cudaTextureObject_t t, int* out) {
  out[threadIdx.x] = tex1Dfetch<int>(t, threadIdx.x + 1);
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  cudaTextureObject_t t = LinearTexture<int>(32);
  Read<<<1, 32>>>(t, out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
