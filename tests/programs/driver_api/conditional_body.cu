// A kernel whose body holds conditional directives (one loop for each of two layouts, chosen by a
// macro, as real programs write them) is registered like any other, so the driver API finds it by
// name; the front end once lost such a kernel's end and left it unregistered.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe run %s -D COLUMNS 2>&1 | FileCheck %s --check-prefix=COLUMNS
// CHECK:      found: 0, launched: 0, w = 6 15
// CHECK-NOT:  {{.}}
// COLUMNS:      found: 0, launched: 0, w = 5 7 9
// COLUMNS-NOT:  {{.}}
#include <cstdio>
#include <cuda.h>

extern "C" __global__ void Sums(const int* m, int rows, int cols, int* w) {
#ifdef COLUMNS
  const int c = threadIdx.x;
  int s = 0;
  for (int r = 0; r < rows; ++r) {
    s += m[r * cols + c];
  }
  w[c] = s;
#else
  const int r = threadIdx.x;
  int s = 0;
  for (int c = 0; c < cols; ++c) {
    s += m[r * cols + c];
  }
  w[r] = s;
#endif
}

int main() {
  CUcontext ctx;
  CUmodule module;
  CUfunction f;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&ctx, nullptr, 0, 0) != CUDA_SUCCESS) return 2;
  if (cuModuleLoad(&module, "sums.cubin") != CUDA_SUCCESS) return 2;
  const CUresult found = cuModuleGetFunction(&f, module, "Sums");
  int rows = 2, cols = 3;
  const int m[6] = {1, 2, 3, 4, 5, 6};
  CUdeviceptr dm, dw;
  if (cuMemAlloc(&dm, sizeof(m)) != CUDA_SUCCESS || cuMemAlloc(&dw, 3 * sizeof(int)) != CUDA_SUCCESS) return 2;
  cuMemcpyHtoD(dm, m, sizeof(m));
#ifdef COLUMNS
  const unsigned threads = 3;
#else
  const unsigned threads = 2;
#endif
  void* args[] = {&dm, &rows, &cols, &dw};
  const CUresult launched = found == CUDA_SUCCESS ? cuLaunchKernel(f, 1, 1, 1, threads, 1, 1, 0, nullptr, args, nullptr)
                                                  : found;
  int w[3] = {0, 0, 0};
  cuMemcpyDtoH(w, dw, sizeof(w));
#ifdef COLUMNS
  std::printf("found: %d, launched: %d, w = %d %d %d\n", found, launched, w[0], w[1], w[2]);
#else
  std::printf("found: %d, launched: %d, w = %d %d\n", found, launched, w[0], w[1]);
#endif
  return 0;
}
