// Fails under every schedule, lockstep included: not a finding of `warpsafe check`.
#include <stdio.h>
__global__ void k(int* out) { out[threadIdx.x] = threadIdx.x; }
int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  fprintf(stderr, "fails_always: giving up\n");
  return 3;
}
