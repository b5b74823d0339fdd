// A program may give its own functions names that POSIX's <unistd.h> declares otherwise (a CUDA
// file includes no such header): the main that warpsafe appends after the user's code brings in
// none (warpsafe/engine/main.h), so the user's `pause` and `sleep` stay the only ones.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      pause 7, sleep 1.5, kernel 1
// CHECK-NOT:  {{.}}
#include <cstdio>

long pause() { return 7; }
double sleep(unsigned tenths) { return tenths / 10.0; }

__global__ void Mark(int* p) { *p = 1; }

int main() {
  int* p = nullptr;
  cudaMallocManaged(&p, sizeof(int));
  *p = 0;
  Mark<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  std::printf("pause %ld, sleep %.1f, kernel %d\n", pause(), sleep(15), *p);
  cudaFree(p);
}
