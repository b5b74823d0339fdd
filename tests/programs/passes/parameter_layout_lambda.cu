// A `[=]` lambda that uses a variable only under __CUDA_ARCH__ captures it in the device pass and
// not in the host pass: its closure type is 8 bytes in one pass and 4 in the other, so the kernel
// would read the host's closure with the device's layout. CUDA requires the closure type to be the
// same on both sides; the launch stops before any thread runs, at its own line, naming the argument
// and both layouts (exit 65), instead of reading `scale` from past the host's closure.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      before the launch
// CHECK-NEXT: warpsafe: [[FILE]]:[[@LINE+19]]: the launch of Apply passes argument 1 of 3 as 4 bytes aligned to 4 (host code), but the kernel's device code reads it as 8 bytes aligned to 4
// CHECK-NEXT:   the argument's type is laid out differently with and without __CUDA_ARCH__ (a member declared,
// CHECK-NEXT:   or a lambda capture used, only on one side); CUDA requires a kernel's parameter types to be
// CHECK-NEXT:   the same in host and device code
// CHECK-NOT:  {{.}}
#include <cstdio>

template <class F>
__global__ void Apply(F f, int* out, int n) {
  const int i = threadIdx.x;
  if (i < n) out[i] = f(i);
}

int main(int argc, char**) {
  int* out;
  cudaMallocManaged(&out, 4 * sizeof(int));
  const int offset = 9 + argc, scale = 2 + argc;  // not constants: the lambda must capture them
  std::printf("before the launch\n");
  std::fflush(stdout);
  Apply<<<1, 4>>>([=] __device__(int i) {
#ifdef __CUDA_ARCH__
    return offset + scale * i;
#else
    return offset + i;
#endif
  }, out, 4);
  cudaDeviceSynchronize();
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  return 0;
}
