// A program that takes the standard library's names into the global namespace and then defines its
// own `array`, `function`, `min` and `vector` there compiles, as with nvcc: the engine's headers
// bring in no standard header beyond those CUDA's own headers expose (docs/semantics/std_names.md,
// STD-1). (`min(int, int)` itself is CUDA's, so the program's `min` takes three arguments.)
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | FileCheck %s
// CHECK:      {{^}}7{{$}}
// CHECK-NOT:  {{.}}

#include <cstdio>
using namespace std;

__device__ int array[4];
int function(int x) { return x + 1; }
template <class T>
T min(T a, T b, T c) {
  return a < b ? (a < c ? a : c) : (b < c ? b : c);
}
struct vector {
  int x;
};

__global__ void fill_array() { array[threadIdx.x] = static_cast<int>(threadIdx.x) * 2; }

int main() {
  fill_array<<<1, 4>>>();
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int h[4];
  cudaMemcpyFromSymbol(h, array, sizeof h);
  vector v{function(min(h[3], 9, 8))};
  std::printf("%d\n", v.x);
  return v.x == 7 ? 0 : 1;
}
