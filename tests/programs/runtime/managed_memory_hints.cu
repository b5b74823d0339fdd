// Managed memory's hints in CUDA 13's form (a cudaMemLocation, and prefetch flags) and in CUDA
// 12's (a device number): valid hints on a managed range succeed and the data stays where the
// program reads it; a range that is not managed, a bad location or nonzero prefetch flags fail as
// the runtime answers them.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      prefetch: device 0 host 0 old form 0 flags 1 bad location 1 not managed 1
// CHECK-NEXT: advise: read mostly 0 preferred device 0 accessed by host 0 old form 0 bad advice 1 not managed 1 past the end 1
// CHECK-NEXT: sum 496
// CHECK-NOT:  {{.}}

#include <cstdio>

__global__ void add(int* v) { atomicAdd(&v[32], v[threadIdx.x]); }

int main() {
  int* v = nullptr;
  if (cudaMallocManaged(&v, 33 * sizeof(int)) != cudaSuccess) return 1;
  for (int i = 0; i < 32; ++i) v[i] = i;
  v[32] = 0;
  int* plain = nullptr;
  if (cudaMalloc(&plain, sizeof(int)) != cudaSuccess) return 1;
  const size_t bytes = 33 * sizeof(int);
  cudaMemLocation device{cudaMemLocationTypeDevice, 0};
  cudaMemLocation host{cudaMemLocationTypeHost, 0};
  cudaMemLocation none{cudaMemLocationTypeInvalid, 0};

  const int p1 = cudaMemPrefetchAsync(v, bytes, device, 0, 0);
  const int p2 = cudaMemPrefetchAsync(v, bytes, host, 0);
  const int p3 = cudaMemPrefetchAsync(v, bytes, 0, 0);
  const int p4 = cudaMemPrefetchAsync(v, bytes, device, 1, 0);
  const int p5 = cudaMemPrefetchAsync(v, bytes, none, 0);
  const int p6 = cudaMemPrefetchAsync(plain, sizeof(int), device, 0);
  cudaGetLastError();
  std::printf("prefetch: device %d host %d old form %d flags %d bad location %d not managed %d\n", p1, p2, p3, p4 != 0,
              p5 != 0, p6 != 0);

  const int a1 = cudaMemAdvise(v, bytes, cudaMemAdviseSetReadMostly, device);
  const int a2 = cudaMemAdvise(v, bytes, cudaMemAdviseSetPreferredLocation, device);
  const int a3 = cudaMemAdvise(v, bytes, cudaMemAdviseSetAccessedBy, host);
  const int a4 = cudaMemAdvise(v, bytes, cudaMemAdviseUnsetReadMostly, 0);
  const int a5 = cudaMemAdvise(v, bytes, static_cast<cudaMemoryAdvise>(9), device);
  const int a6 = cudaMemAdvise(plain, sizeof(int), cudaMemAdviseSetReadMostly, device);
  const int a7 = cudaMemAdvise(v, bytes + 4, cudaMemAdviseSetReadMostly, device);
  cudaGetLastError();
  std::printf("advise: read mostly %d preferred device %d accessed by host %d old form %d bad advice %d not managed %d "
              "past the end %d\n",
              a1, a2, a3, a4, a5 != 0, a6 != 0, a7 != 0);

  add<<<1, 32>>>(v);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("sum %d\n", v[32]);
  cudaFree(plain);
  cudaFree(v);
  return 0;
}
