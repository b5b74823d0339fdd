// Wrap addressing with unnormalized coordinates, and a fetch left of the texture: CUDA defines wrap
// (and mirror) for normalized coordinates only (TEX-3; the GPU clamped, as recorded in Inputs/).
// Fetches inside the texture are fine: threads 0 to 4 read texels 0 to 4 before thread 5 leaves.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: invalid texture fetch
// CHECK-NEXT:   in kernel Sample (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: tex1D through texture object 1
// CHECK-NEXT:   coordinate x = -0.500000: it reads outside the texture with wrap or mirror addressing, which CUDA defines only for normalized coordinates (undefined)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void Sample(cudaTextureObject_t t, float* out) {
  const float x = threadIdx.x < 5 ? threadIdx.x + 0.5f : -0.5f;
  out[threadIdx.x] = tex1D<float>(t, x);
}

int main() {
  const float texels[5] = {1, 2, 4, 8, 16};
  cudaArray_t a;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaMallocArray(&a, &cd, 5);
  cudaMemcpy2DToArray(a, 0, 0, texels, sizeof texels, sizeof texels, 1, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeWrap;
  float* out;
  cudaMalloc(&out, 32 * sizeof(float));
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  Sample<<<1, 32>>>(t, out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
