// One __device__ variable (and one __constant__) seen by both passes: written by the host through
// cudaMemcpyToSymbol, updated by a kernel, read back through cudaMemcpyFromSymbol and through the
// address cudaGetSymbolAddress gives. A host global that a constructor prints must be built once.
#include <cstdio>

__device__ int counter = 5;
__constant__ int step;

struct Announce {
  Announce() { std::printf("constructed\n"); }
};
Announce announce;

__global__ void Bump() {
#ifdef __CUDA_ARCH__
  atomicAdd(&counter, step);
#endif
}

int main() {
  int start = 40, inc = 3;
  if (cudaMemcpyToSymbol(counter, &start, sizeof start) != cudaSuccess) return 1;
  if (cudaMemcpyToSymbol(step, &inc, sizeof inc) != cudaSuccess) return 1;
  Bump<<<2, 32>>>();
  int back = 0;
  if (cudaMemcpyFromSymbol(&back, counter, sizeof back) != cudaSuccess) return 1;
  int* address = nullptr;
  if (cudaGetSymbolAddress(reinterpret_cast<void**>(&address), counter) != cudaSuccess) return 1;
  std::printf("counter %d, through its address %d\n", back, *address);
  return 0;
}
