// Kernels declared in namespaces and launched by names that a using-declaration or a
// using-directive brought into scope, beside a host function of the same name: every launch runs
// the kernel, and the reports name it.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      fill 0 31 / scale 0 62 / bump 1 63
// CHECK-NOT:  {{.}}

#include <cstdio>

namespace lib {
__global__ void fill(int* p) { p[threadIdx.x] = threadIdx.x; }
inline namespace v2 {
namespace {
__global__ void scale(int* p, int by) { p[threadIdx.x] *= by; }
}  // namespace
}  // namespace v2
}  // namespace lib

namespace tools {
__global__ void bump(int* p) { p[threadIdx.x] += 1; }
}  // namespace tools

void bump(const char*) {}  // a host function sharing the kernel's name

using lib::fill;
using namespace tools;

namespace app {
using lib::scale;
void Scale(int* d) { scale<<<1, 32>>>(d, 2); }
}  // namespace app

static bool Check(cudaError_t e) {
  if (e != cudaSuccess) std::printf("CUDA error: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess;
}

int main() {
  int* d = nullptr;
  int h[32];
  if (!Check(cudaMalloc(&d, sizeof h))) return 1;
  fill<<<1, 32>>>(d);
  if (!Check(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost))) return 1;
  std::printf("fill %d %d / ", h[0], h[31]);
  app::Scale(d);
  if (!Check(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost))) return 1;
  std::printf("scale %d %d / ", h[0], h[31]);
  bump<<<1, 32>>>(d);
  if (!Check(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost))) return 1;
  std::printf("bump %d %d\n", h[0], h[31]);
  return Check(cudaFree(d)) ? 0 : 1;
}
