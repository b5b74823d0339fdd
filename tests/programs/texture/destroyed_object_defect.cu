// A kernel fetches through a texture object the host has already destroyed: CUDA defines fetches
// through live objects only (TEX-2).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: invalid texture fetch
// CHECK-NEXT:   in kernel Read (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: tex1Dfetch through texture object 1
// CHECK-NEXT:   no live texture object has this handle (destroyed, or never created) (undefined)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>

#include "Inputs/texture_setup.h"

__global__ void Read(cudaTextureObject_t t, float* out) {
  out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}

int main() {
  float* out;
  cudaMalloc(&out, 32 * sizeof(float));
  cudaTextureObject_t t = LinearTexture<float>(32);
  cudaDestroyTextureObject(t);
  Read<<<1, 32>>>(t, out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
