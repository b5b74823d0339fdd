// The twin of texture_fetch_race.cu: the stores and the fetches are in two launches on one stream,
// which orders them, so the fetches are clean under every schedule.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// CHECK:      sum 992
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void Store(float* data) { data[threadIdx.x] = 2.0f * threadIdx.x; }
__global__ void Fetch(cudaTextureObject_t t, float* out) { out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }

int main() {
  float *data, *out;
  cudaMalloc(&data, 32 * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = data;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = 32 * sizeof(float);
  cudaTextureDesc td = {};
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  Store<<<1, 32>>>(data);
  Fetch<<<1, 32>>>(t, out);
  float h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  float sum = 0;
  for (float v : h) sum += v;
  std::printf("sum %g\n", sum);
  cudaDestroyTextureObject(t);
  cudaFree(data);
  cudaFree(out);
  return 0;
}
