// expect: warpsafe: data race
// report: both threads wrote the same value
// Two threads of different warps clear the same 64 bytes of global memory with memset: the same
// bytes, the same value, still two unordered writes (MEM-2).
#include <cstring>
__global__ void Clear(char* p) {
  if (threadIdx.x % 32 == 0) memset(p, 0, 64);
}
int main() {
  char* p;
  cudaMalloc(&p, 64);
  Clear<<<1, 64>>>(p);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
