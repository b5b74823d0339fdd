// nvcc's two passes: a kernel sees __CUDA_ARCH__ as --arch says, host code never does, and a
// __host__ __device__ function takes its branch on each side. Prints what each side saw.
#include <cstdio>

__host__ __device__ int SideArch() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return -1;
#endif
}

template <class T>
__global__ void Probe(T* out) {
#if __CUDA_ARCH__ >= 700
  out[0] = T(1);  // the Volta-or-later path (e.g. __syncwarp) real code selects this way
#elif defined(__CUDA_ARCH__)
  out[0] = T(2);
#else
  out[0] = T(3);  // never: a kernel is device code
#endif
  out[1] = T(SideArch());
}

int main() {
  long long* d = nullptr;
  cudaMalloc(&d, 2 * sizeof(long long));
  Probe<<<1, 1>>>(d);  // instantiated by a host launch only
  long long h[2] = {0, 0};
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
#ifdef __CUDA_ARCH__
  const int host_arch = 1;
#else
  const int host_arch = 0;
#endif
  std::printf("kernel branch %lld, kernel sees %lld, host sees %d, host defines %d\n", h[0], h[1], SideArch(),
              host_arch);
  return h[1] > 0 && SideArch() == -1 && host_arch == 0 ? 0 : 1;  // a check build's baseline fails otherwise
}
