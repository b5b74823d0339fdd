// Two blocks write the same int of a cudaMalloc block with nothing ordering them: a data race on
// global memory, whose report must be the same byte for byte in every run of the same seed.
#include <cstdio>

__global__ void k(int* g) {
  if (threadIdx.x == 0) g[3] = static_cast<int>(blockIdx.x);
}

int main() {
  int* unused;
  cudaMalloc(&unused, 100);
  int* g;
  cudaMalloc(&g, 16 * sizeof(int));
  k<<<2, 32>>>(g);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
