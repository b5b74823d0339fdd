// expect: warpsafe: read of uninitialized shared memory
// Thread 0 copies a shared table out with memcpy before anyone wrote it: the copy's source is a
// byte-range read of shared memory no thread of the block wrote (MEM-1).
#include <cstring>
__global__ void Dump(char* out) {
  __shared__ char table[64];
  if (threadIdx.x == 0) memcpy(out, table, 64);
  __syncthreads();
}
int main() {
  char* out;
  cudaMalloc(&out, 64);
  Dump<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
