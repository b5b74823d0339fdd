// Which compile a single-file program built by warpsafe_add_executable ran: one, when no line of
// it depends on __CUDA_ARCH__ (its host pass is then the program and defines __WARPSAFE_ONE_PASS__,
// so that its kernels are compiled as code that runs), or two, when WARPSAFE_TOOLS_ARCH_BRANCH
// makes the device function depend on it.
#include <cstdio>

__device__ int Where() {
#if defined(WARPSAFE_TOOLS_ARCH_BRANCH) && !defined(__CUDA_ARCH__)
  return 0;
#else
  return 1;
#endif
}

__global__ void Probe(int* out) { *out = Where(); }

int main() {
  int* out = nullptr;
  if (cudaMallocManaged(&out, sizeof(int)) != cudaSuccess) return 1;
  Probe<<<1, 1>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
#ifdef __WARPSAFE_ONE_PASS__
  std::printf("one compile, device code says %d\n", *out);
#else
  std::printf("two passes, device code says %d\n", *out);
#endif
  cudaFree(out);
  return 0;
}
