// __builtin_assume with a false condition is undefined: nvcc may compile the code after it as if the
// condition held. g++ has no such builtin; the engine evaluates the condition and reports it.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: __builtin_assume of a false condition
// CHECK-NEXT:   in kernel Kernel (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:   at [[FILE]]:[[@LINE+9]]: __builtin_assume
// CHECK-NEXT:   the condition is false; the compiler may then generate any code (undefined behaviour)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]]
#include <cstdio>

__global__ void Kernel(int* out, int n) {
  const int lane = threadIdx.x % 32;
  __builtin_assume(lane < 32);
  __builtin_assume(n > 0);
  __builtin_assume(lane < n);  // false for lanes 16 to 31
  out[threadIdx.x] = lane;
}

int main() {
  int* out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  Kernel<<<1, 32>>>(out, 16);
  cudaDeviceSynchronize();
  std::printf("%d\n", out[0]);
  return 0;
}
