// Host code keeps C++'s meaning (whatever the host compiler makes of it): a host shift by 32 is
// not reported, in a file built in one pass (the kernels' object is the host's) as in a file
// built in two (HOST_TWO_PASS reads __CUDA_ARCH__).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D HOST_TWO_PASS --schedule lockstep --seed 1 2>&1 | FileCheck %s
// CHECK:      kernel 80000000
// CHECK-NEXT: host done
// CHECK-NOT:  {{.}}
#include <cstdio>

volatile int g_count = 32;

__global__ void Kernel(unsigned* out) {
#if defined(HOST_TWO_PASS) && defined(__CUDA_ARCH__)
  *out = 1u << 31;
#else
  *out = 0x80000000u;
#endif
}

int main() {
  unsigned* out;
  cudaMallocManaged(&out, sizeof(unsigned));
  Kernel<<<1, 1>>>(out);
  cudaDeviceSynchronize();
  std::printf("kernel %x\n", *out);
  const unsigned host = 0x1234u << g_count;  // undefined in C++, but host code: not reported
  std::printf("host done%s\n", host == 0xfffffffu ? "!" : "");
  return 0;
}
