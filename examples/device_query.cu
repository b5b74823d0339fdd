// The emulated device follows --arch: compute capability and the limits of that generation.
// Expected (sm_90): "warpsafe engine (sm_90): compute capability 9.0, 12 SMs, warp size 32,
// 1024 threads/block, 48 KB shared/block (227 KB opt-in)"; exit 0.
#include <stdio.h>

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) return 1;
  cudaDeviceProp p;
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) return 1;
  printf("%s: compute capability %d.%d, %d SMs, warp size %d, %d threads/block, %zu KB shared/block (%zu KB opt-in)\n",
         p.name, p.major, p.minor, p.multiProcessorCount, p.warpSize, p.maxThreadsPerBlock,
         p.sharedMemPerBlock / 1024, p.sharedMemPerBlockOptin / 1024);
  return 0;
}
