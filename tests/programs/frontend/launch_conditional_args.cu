// A kernel whose parameter list and launches hold preprocessor conditionals, as programs that
// choose an optional argument at build time write them: every combination launches.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D WITH_SCALE 2>&1 | FileCheck %s --check-prefix=SCALED
// CHECK:       out 0 1 31
// CHECK-NOT:   {{.}}
// SCALED:      out 0 3 93
// SCALED-NOT:  {{.}}

#include <cstdio>

__global__ void fill(int* out
#ifdef WITH_SCALE
                     ,
                     int scale
#endif
) {
#ifdef WITH_SCALE
  out[threadIdx.x] = scale * static_cast<int>(threadIdx.x);
#else
  out[threadIdx.x] = static_cast<int>(threadIdx.x);
#endif
}

int main() {
  int* d = nullptr;
  if (cudaMalloc(&d, 32 * sizeof(int)) != cudaSuccess) return 1;
  fill<<<1, 32>>>(d
#ifdef WITH_SCALE
                  ,
                  3
#endif
  );
  int h[32];
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("out %d %d %d\n", h[0], h[1], h[31]);
  return cudaFree(d) == cudaSuccess ? 0 : 1;
}
