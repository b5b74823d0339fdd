// A kernel reads a 2D layered array with tex2D, which has no layer to name: a layered texture is
// read by tex1DLayered or tex2DLayered only, and CUDA defines no other fetch of it (TEX-2, TEX-9).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: invalid texture fetch
// CHECK-NEXT:   in kernel Read (launched at [[FILE]]:[[@LINE+23]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: tex2D through texture object 1
// CHECK-NEXT:   a layered or cubemap array is read by the layered and cubemap fetches only (undefined)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void Read(cudaTextureObject_t t, float* out) {
  out[threadIdx.x] = tex2D<float>(t, threadIdx.x, 0.5f);
}

int main() {
  float* out;
  cudaMalloc(&out, 32 * sizeof(float));
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  cudaMalloc3DArray(&a, &cd, make_cudaExtent(32, 4, 3), cudaArrayLayered);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaTextureDesc td = {};
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  Read<<<1, 32>>>(t, out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
