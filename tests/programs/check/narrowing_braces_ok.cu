// A kernel that packs ints into a uchar4 with braces, a narrowing conversion that g++ and nvcc
// accept with a warning and clang rejects by default: `warpsafe check` (clang++ 14) builds what
// `warpsafe run` (g++) builds, and finds nothing here.
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s --check-prefix=RAN
// RUN: %warpsafe check %s --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED
// RAN-NOT:     {{.}}
// RAN:         packed 1 2 3 4 / 125 126 127 128
// RAN-NOT:     {{.}}
// CHECKED:     warpsafe check: no defect in {{[0-9]+}} schedules {{.*}}
// CHECKED-NOT: {{.}}
#include <cstdio>

__global__ void Pack(const int* values, uchar4* packed) {
  int i = threadIdx.x;
  int base = 4 * i;
  uchar4 v = {values[base], values[base + 1], values[base + 2], values[base + 3]};
  packed[i] = v;
}

int main() {
  int* values;
  uchar4* packed;
  cudaMallocManaged(&values, 128 * sizeof(int));
  cudaMallocManaged(&packed, 32 * sizeof(uchar4));
  for (int i = 0; i < 128; ++i) values[i] = i + 1;
  Pack<<<1, 32>>>(values, packed);
  cudaDeviceSynchronize();
  std::printf("packed %d %d %d %d / %d %d %d %d\n", packed[0].x, packed[0].y, packed[0].z, packed[0].w, packed[31].x,
              packed[31].y, packed[31].z, packed[31].w);
  return 0;
}
