// A literal 0 or NULL given to a kernel's pointer parameter is a null pointer, as CUDA converts a
// launch's arguments to the parameter types (an old SDK scan passes 0 for an unused block-sums
// array). The same literal is an int, a float or an enum for parameters of those types, and a
// kernel whose parameter types are deduced deduces int from it, as nvcc does.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      plain null 1 null 1 zero 0 0.0 7
// CHECK-NEXT: explicit template null 1 sums 5
// CHECK-NEXT: deduced 4 0
// CHECK-NOT:  {{.}}
#include <cstdio>

enum Mode { kPlain, kOther };

__global__ void Plain(int* out, const int* a, float* b, int n, float f, Mode m) {
  out[0] = a == nullptr;
  out[1] = b == nullptr;
  out[2] = n;
  out[3] = int(f * 10);
  out[4] = m == kPlain ? 7 : -1;
}

template <bool kStoreSums>
__global__ void Scan(int* out, unsigned* sums, int n) {
  out[0] = sums == nullptr;
  if (kStoreSums) *sums = n;
}

template <class T>
__global__ void Deduced(int* out, T value) {
  out[0] = sizeof(T);
  out[1] = int(value);
}

int main() {
  int* d;
  unsigned* sums;
  cudaMalloc(&d, 8 * sizeof(int));
  cudaMalloc(&sums, sizeof(unsigned));
  int h[8];

  Plain<<<1, 1>>>(d, 0, NULL, 0, 0, kPlain);
  cudaMemcpy(h, d, 5 * sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("plain null %d null %d zero %d %d.%d %d\n", h[0], h[1], h[2], h[3] / 10, h[3] % 10, h[4]);

  Scan<false><<<1, 1>>>(d, 0, 0);
  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
  Scan<true><<<1, 1>>>(d + 1, sums, 5);
  unsigned s = 0;
  cudaMemcpy(&s, sums, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("explicit template null %d sums %u\n", h[0], s);

  Deduced<<<1, 1>>>(d, 0);
  cudaMemcpy(h, d, 2 * sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("deduced %d %d\n", h[0], h[1]);
  return 0;
}
