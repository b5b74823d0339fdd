// A kernel fetches through a texture object the host has already destroyed: CUDA defines fetches
// through live objects only (TEX-2).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: invalid texture fetch
// CHECK-NEXT:   in kernel Read (launched at [[FILE]]:[[@LINE+25]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: tex1Dfetch through texture object 1
// CHECK-NEXT:   no live texture object has this handle (destroyed, or never created) (undefined)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void Read(cudaTextureObject_t t, float* out) {
  out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}

int main() {
  float *data, *out;
  cudaMalloc(&data, 32 * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemset(data, 0, 32 * sizeof(float));
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = data;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = 32 * sizeof(float);
  cudaTextureDesc td = {};
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  cudaDestroyTextureObject(t);
  Read<<<1, 32>>>(t, out);
  cudaDeviceSynchronize();
  std::printf("not reached\n");
  return 0;
}
