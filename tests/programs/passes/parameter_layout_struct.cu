// Not only lambdas: a struct passed by value whose members differ under __CUDA_ARCH__ is laid out
// differently by the two passes, and the kernel would read the host's bytes with the device's
// layout (here `scale` at the host's `sum`). The launch stops at its line naming the argument and
// both layouts (exit 65). The second launch's types agree, and it runs as it would under nvcc: a
// member function that differs between the passes is no layout change.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      agreeing launch: 7
// CHECK-NEXT: warpsafe: [[FILE]]:[[@LINE+39]]: the launch of Scale passes argument 2 of 2 as 8 bytes aligned to 4 (host code), but the kernel's device code reads it as 24 bytes aligned to 8
// CHECK-NEXT:   the argument's type is laid out differently with and without __CUDA_ARCH__ (a member declared,
// CHECK-NEXT:   or a lambda capture used, only on one side); CUDA requires a kernel's parameter types to be
// CHECK-NEXT:   the same in host and device code
// CHECK-NOT:  {{.}}
#include <cstdio>

struct Params {
  int sum;
#ifdef __CUDA_ARCH__
  double scale;  // seen only by device code
#endif
  int count;
};

struct Agreeing {
  int value;
  __host__ __device__ int Get() const {
#ifdef __CUDA_ARCH__
    return value + 1;
#else
    return value;
#endif
  }
};

__global__ void Read(int* out, Agreeing a) { *out = a.Get(); }
__global__ void Scale(int* out, Params p) { *out = p.sum * p.count; }

int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  Read<<<1, 1>>>(out, Agreeing{6});
  cudaDeviceSynchronize();
  std::printf("agreeing launch: %d\n", *out);
  std::fflush(stdout);
  Params p{};
  p.sum = 4;
  p.count = 5;
  Scale<<<1, 1>>>(out, p);
  cudaDeviceSynchronize();
  std::printf("%d\n", *out);
  return 0;
}
