// Linear filtering of integer texels read as their own type: the Guide allows linear filtering only
// for float results (float texels, or a normalized-float read), TEX-2.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: invalid texture fetch
// CHECK-NEXT:   in kernel Sample (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: tex1D through texture object 1
// CHECK-NEXT:   linear filtering needs float texels or a normalized-float read mode (undefined)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>

#include "Inputs/texture_setup.h"

__global__ void Sample(cudaTextureObject_t t, unsigned char* out) {
  out[threadIdx.x] = tex1D<unsigned char>(t, threadIdx.x * 0.25f);
}

int main() {
  const unsigned char texels[8] = {0, 10, 20, 30, 40, 50, 60, 70};
  unsigned char* out;
  cudaMalloc(&out, 32);
  cudaTextureObject_t t = ArrayTexture(texels, 8, cudaFilterModeLinear);
  Sample<<<1, 32>>>(t, out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
