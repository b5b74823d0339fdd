// expect: warpsafe: abort() called in GPU thread
// report: thread \(9,0,0\)[^\n]*\n  at [^\n]*abort_in_kernel_defect\.cu:7: abort\(\)
// abort() is a host function (nvcc rejects it in device code); the engine says so at the call.
#include <cstdlib>

__global__ void k(const int* flags) {
  if (flags[threadIdx.x] != 0) abort();
}
int main() {
  int* flags;
  cudaMallocManaged(&flags, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) flags[i] = i == 9;
  k<<<1, 32>>>(flags);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
