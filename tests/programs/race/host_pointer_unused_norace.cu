// A kernel is given host pointers but only tests them against null: valid on a GPU, since it never
// dereferences them. The launch lists each (warpsafe run sees host pointers only there), once per
// launch site however many launches; nothing is reported.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=2 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=3 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=4 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1234 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe note: argument 2 of Flag, launched at [[FILE]]:[[@LINE+15]], points into the host heap (malloc or new): on a GPU a kernel cannot reach it (warpsafe check reports the access)
// CHECK-NEXT: warpsafe note: argument 3 of Flag, launched at [[FILE]]:[[@LINE+14]], points into the host stack (a local variable): on a GPU a kernel cannot reach it (warpsafe check reports the access)
// CHECK-NOT:  warpsafe:

#include <cstdlib>

__global__ void Flag(int* out, const int* maybe_host, const int* also_host) {
  out[threadIdx.x] = (maybe_host != nullptr) + (also_host != nullptr);
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  int* host = static_cast<int*>(std::malloc(16));
  int local = 0;
  for (int i = 0; i < 3; ++i) Flag<<<1, 32>>>(out, host, &local);
  cudaDeviceSynchronize();
  std::free(host);
  cudaFree(out);
  return local;
}
