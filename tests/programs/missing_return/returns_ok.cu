// Functions that return on every path they take run clean: a function whose last statement calls
// a function that does not return, a lambda, a template, a device function whose only path
// without a return is never taken, main without a return statement (C++ returns 0 from it), and a
// C helper that ends without a return while its caller ignores the value (allowed in C).
// RUN: %warpsafe run %s %S/Inputs/c_helper.c --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK:      sums: 496 45 calls 2
// CHECK-NEXT: template 7
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <cstdlib>

extern "C" int CountCall(void);
extern "C" int CallsCounted(void);

[[noreturn]] void Fail(const char* what) {
  std::printf("failed: %s\n", what);
  std::exit(3);
}

int Checked(int value) {
  if (value >= 0) return value;
  Fail("negative");
}

template <typename T>
T Larger(T a, T b) {
  if (a > b) return a;
  return b;
}

__device__ int Sign(int value) {
  if (value > 0) return 1;
  if (value < 0) return -1;
  if (value == 0) return 0;
}

__global__ void Sum(int* total) {
  atomicAdd(total, Sign(static_cast<int>(threadIdx.x)) * static_cast<int>(threadIdx.x));
}

int main() {
  int* total;
  cudaMallocManaged(&total, sizeof(int));
  *total = 0;
  Sum<<<1, 32>>>(total);
  cudaDeviceSynchronize();
  auto triangle = [](int n) { return n * (n + 1) / 2; };
  CountCall();
  CountCall();
  std::printf("sums: %d %d calls %d\n", *total, Checked(triangle(9)), CallsCounted());
  std::printf("template %d\n", Larger(3, 7));
}
