// End to end through the front end and the engine: atomics, fences and the integer intrinsics
// called by lanes of many blocks (blocks run on several OS threads), including a spin lock that
// every thread of a warp contends for, which needs independent thread scheduling to finish.
// Exits 0 and prints "ok" when every check holds.
// RUN: %warpsafe run %s --schedule lockstep --workers 4 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 --workers 4 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 --workers 4 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 --workers 4 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      {{^}}ok
// CHECK-NOT:  {{.}}
#include <cstdio>

#include <cuda_fp16.h>

__global__ void Count(int* counter, float* fsum, unsigned* ring, unsigned long long* high, __half* hsum,
                      unsigned* bits) {
  const unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(counter, 1);
  atomicAdd(fsum, 1.0f);
  atomicInc(ring, 9u);
  atomicMax(high, static_cast<unsigned long long>(id));
  atomicAdd(hsum, __float2half(1.0f));
  atomicOr(bits, 1u << (__popc(id) % 32));
}

__global__ void Lock(int* lock, int* value) {
  bool done = false;
  while (!done) {
    if (atomicCAS(lock, 0, 1) == 0) {
      *value = *value + 1;
      __threadfence();
      atomicExch(lock, 0);
      done = true;
    }
  }
}

int main() {
  int* counter;
  float* fsum;
  unsigned* ring;
  unsigned long long* high;
  __half* hsum;
  unsigned* bits;
  int* lock;
  int* value;
  cudaMallocManaged(&counter, sizeof(int));
  cudaMallocManaged(&fsum, sizeof(float));
  cudaMallocManaged(&ring, sizeof(unsigned));
  cudaMallocManaged(&high, sizeof(unsigned long long));
  cudaMallocManaged(&hsum, sizeof(__half));
  cudaMallocManaged(&bits, sizeof(unsigned));
  cudaMallocManaged(&lock, sizeof(int));
  cudaMallocManaged(&value, sizeof(int));
  *counter = 0;
  *fsum = 0;
  *ring = 0;
  *high = 0;
  *hsum = __float2half(0.0f);
  *bits = 0;
  *lock = 0;
  *value = 0;
  Count<<<16, 128>>>(counter, fsum, ring, high, hsum, bits);
  Lock<<<4, 64>>>(lock, value);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("launch failed\n");
    return 1;
  }
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      ++failures;
    }
  };
  check(*counter == 2048, "atomicAdd(int) from 2048 threads");
  check(*fsum == 2048.0f, "atomicAdd(float) from 2048 threads");
  check(*ring == 2048 % 10, "atomicInc wraps at 9");
  check(*high == 2047, "atomicMax(unsigned long long)");
  check(__half2float(*hsum) == 2048.0f, "atomicAdd(__half)");
  check(*bits == 0xFFFu, "atomicOr of 1 << popc(id): popc(id) takes every value 0..11 for id < 2048");
  check(*value == 256, "spin lock contended by every thread of every warp");
  if (failures == 0) std::printf("ok\n");
  return failures == 0 ? 0 : 1;
}
