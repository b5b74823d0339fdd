// The twin of device_heap_redzone_defect.cu: each thread fills exactly the array it allocated
// with new, and a block from malloc, and frees both (REDZONE-3: nothing touches a red zone).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t 2>&1 | FileCheck %s
// CHECK:      49 56
// CHECK-NOT:  {{.}}

#include <cstdio>
#include <cstdlib>

__global__ void Squares(int n, int* out) {
  int* a = new int[n];
  for (int i = 0; i < n; ++i) a[i] = i * i;
  auto* b = static_cast<int*>(malloc(n * sizeof(int)));
  for (int i = 0; i < n; ++i) b[i] = a[i] + i;
  out[2 * threadIdx.x] = a[n - 1];
  out[2 * threadIdx.x + 1] = b[n - 1];
  free(b);
  delete[] a;
}

int main() {
  int* out;
  cudaMalloc(&out, 8 * sizeof(int));
  Squares<<<1, 4>>>(8, out);
  cudaDeviceSynchronize();
  int h[8];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("%d %d\n", h[6], h[7]);
  cudaFree(out);
  return 0;
}
