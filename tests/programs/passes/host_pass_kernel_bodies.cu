// A kernel's code belongs to the device pass alone, as with nvcc, whose host compile never sees a
// kernel's body (tools/warpsafe/frontend/host_kernel_bodies.h). Kernel templates here reach what
// only the device pass declares: a helper under `#ifdef __CUDA_ARCH__` called with an argument of
// the template's type, and a class template that the host pass declares but never defines. The
// host pass instantiated them with its own kernel copies and stopped at them; now it only parses
// them, and the device pass's kernels run. A kernel that is not a template is parsed by both
// passes, as before.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 1 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      helper: 0 62
// CHECK-NEXT: accumulator: 496
// CHECK-NEXT: plain: 7 arch 900
// CHECKED:    warpsafe check: no defect
#include <cstdio>

#ifdef __CUDA_ARCH__
template <class T>
__device__ T Twice(T v) {
  return v + v;
}
template <class T>
struct Accumulator {
  __device__ T Sum(const T* p, int n) const {
    T total = 0;
    for (int i = 0; i < n; ++i) total += p[i];
    return total;
  }
};
#else
template <class T>
struct Accumulator;  // defined for device code only
#endif

template <class T>
__global__ void Reverse(T* p) {
  __shared__ T s[32];
  s[threadIdx.x] = p[threadIdx.x];
  __syncwarp();
  p[threadIdx.x] = Twice(s[31 - threadIdx.x]);
}

template <class T>
__global__ void Total(const T* p, T* out) {
  if (threadIdx.x == 0) *out = Accumulator<T>().Sum(p, 32);
}

__global__ void Plain(int* p) {
#ifdef __CUDA_ARCH__
  if (threadIdx.x == 0) p[0] = 7, p[1] = __CUDA_ARCH__;
#endif
}

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      std::printf("%s: %s\n", #call, cudaGetErrorString(e));                   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main() {
  int* p = nullptr;
  int* out = nullptr;
  CHECK(cudaMallocManaged(&p, 32 * sizeof(int)));
  CHECK(cudaMallocManaged(&out, sizeof(int)));
  for (int i = 0; i < 32; ++i) p[i] = i;
  Reverse<<<1, 32>>>(p);
  CHECK(cudaDeviceSynchronize());
  std::printf("helper: %d %d\n", p[31], p[0]);
  for (int i = 0; i < 32; ++i) p[i] = i;
  *out = -1;
  Total<<<1, 32>>>(p, out);
  CHECK(cudaDeviceSynchronize());
  std::printf("accumulator: %d\n", *out);
  Plain<<<1, 32>>>(p);
  CHECK(cudaDeviceSynchronize());
  std::printf("plain: %d arch %d\n", p[0], p[1]);
  CHECK(cudaFree(p));
  CHECK(cudaFree(out));
  return 0;
}
