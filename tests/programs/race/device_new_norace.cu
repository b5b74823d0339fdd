// Device code allocates with `new` and frees with `delete`: one struct per thread and an array per
// block, both from the device heap as CUDA serves new from the heap malloc uses. The checker must
// take these blocks for device heap, not for the host heap that `new` in host code returns
// (engine/src/race/device_new.cpp): no access here is reported.
// REQUIRES: race-detector
// RUN: %warpsafe check %s --schedules 20 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 20 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

struct Pair {
  int key;
  float weight;
};

__global__ void Build(int* out) {
  __shared__ int* scratch;
  Pair* pair = new Pair{static_cast<int>(threadIdx.x), 0.5f};
  if (threadIdx.x == 0) {
    scratch = new int[blockDim.x];
  }
  __syncthreads();
  scratch[threadIdx.x] = pair->key * 2;
  __syncthreads();
  const int mirrored = scratch[blockDim.x - 1 - threadIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = mirrored + static_cast<int>(pair->weight * 2);
  delete pair;
  __syncthreads();
  if (threadIdx.x == 0) {
    delete[] scratch;
  }
}

int main() {
  const int blocks = 2;
  const int threads = 64;
  int* out = nullptr;
  if (cudaMalloc(&out, blocks * threads * sizeof(int)) != cudaSuccess) return 1;
  Build<<<blocks, threads>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int host[blocks * threads];
  if (cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost) != cudaSuccess) return 3;
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < threads; ++t) {
      if (host[b * threads + t] != (threads - 1 - t) * 2 + 1) return 4;
    }
  }
  return cudaFree(out) == cudaSuccess ? 0 : 5;
}
