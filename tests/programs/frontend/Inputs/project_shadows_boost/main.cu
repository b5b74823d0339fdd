// The main file of a project whose folder holds a `boost/config/` of its own.
#include <boost/config.hpp>
#include <cstdio>
#include "local.h"

int HostHalf();

__global__ void k(int* out) { out[threadIdx.x] = LocalAnswer() + static_cast<int>(threadIdx.x); }

int main() {
  int* out;
  if (cudaMallocManaged(&out, 32 * sizeof(int)) != cudaSuccess) return 2;
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 3;
  std::printf("out[31] = %d, host half %d\n", out[31], HostHalf());
  return 0;
}
