// Every kind of memory a kernel may touch, none of it plain host memory: cudaMalloc, managed,
// pinned (cudaMallocHost), registered host memory through its device pointer, a __device__ array,
// a large by-value parameter, a local array, and blocks device code allocates itself with malloc.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | count 0

#include <cstdio>
#include <cstdlib>

struct Params {
  int scale[64];  // 256 bytes of parameters, read from the launch's copy
};

__device__ int table[32];

__global__ void Touch(int* dev, int* managed, int* pinned, int* registered, Params p) {
  const int i = threadIdx.x;
  int local[8];
  for (int k = 0; k < 8; ++k) local[k] = i + k;
  int* scratch = static_cast<int*>(malloc(4 * sizeof(int)));  // the device-side heap
  scratch[0] = local[i % 8];
  table[i] = scratch[0] * p.scale[i];
  free(scratch);
  dev[i] = table[i];
  managed[i] = dev[i] + 1;
  pinned[i] = managed[i] + 1;
  registered[i] = pinned[i] + 1;
}

int main() {
  int *dev, *managed, *pinned, *registered;
  cudaMalloc(&dev, 32 * sizeof(int));
  cudaMallocManaged(&managed, 32 * sizeof(int));
  cudaMallocHost(&pinned, 32 * sizeof(int));
  int* host = static_cast<int*>(std::malloc(32 * sizeof(int)));
  cudaHostRegister(host, 32 * sizeof(int), cudaHostRegisterMapped);
  cudaHostGetDevicePointer(&registered, host, 0);
  Params p;
  for (int k = 0; k < 64; ++k) p.scale[k] = 2;
  Touch<<<1, 32>>>(dev, managed, pinned, registered, p);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  const int expected = (3 + 3) * 2 + 3;  // thread 3: local[3] = 6, times 2, plus one per copy
  if (host[3] != expected) {
    std::printf("host[3] = %d, expected %d\n", host[3], expected);
    return 1;
  }
  cudaHostUnregister(host);
  std::free(host);
  cudaFree(dev);
  cudaFree(managed);
  cudaFreeHost(pinned);
  return 0;
}
