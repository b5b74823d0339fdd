// expect: warpsafe: exit() called in GPU thread
// report: thread \(4,0,0\)[^\n]*\n  at [^\n]*exit_in_kernel_defect\.cu:8: exit\(2\)
// exit() is a host function (nvcc rejects it in device code). Run in a GPU thread it must be
// reported as what it is, not as the memory fault its thread_local destructors would cause.
#include <cstdlib>

__global__ void k(const int* flags) {
  if (flags[threadIdx.x] != 0) exit(2);
}
int main() {
  int* flags;
  cudaMallocManaged(&flags, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) flags[i] = i == 4;
  k<<<1, 32>>>(flags);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
