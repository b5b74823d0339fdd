// Ported code often keeps the mask-less names and defines them itself: a macro that forwards to the
// _sync form, or an overload for its own type. As with nvcc, the program's definitions win, at the
// default architecture (sm_90) where the engine refuses the mask-less calls, and at sm_60 where it
// declares them (LEGACY-1).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --arch sm_60 --schedule random --seed 3 2>&1 | FileCheck %s
// CHECK:      xor 496 pair 31 62
// CHECK-NOT:  {{.}}
#include <cstdio>

#define __shfl_xor(v, m) __shfl_xor_sync(0xffffffff, v, m)

struct Pair {
  int a, b;
};
__device__ Pair __shfl_down(const Pair v, const unsigned delta, const unsigned width = 32) {
  return Pair{__shfl_down_sync(0xffffffff, v.a, delta, width), __shfl_down_sync(0xffffffff, v.b, delta, width)};
}

__global__ void k(int* out) {
  int s = threadIdx.x;
  for (int m = 16; m > 0; m /= 2) s += __shfl_xor(s, m);
  const Pair p = __shfl_down(Pair{static_cast<int>(threadIdx.x), 2 * static_cast<int>(threadIdx.x)}, 1);
  if (threadIdx.x == 30) out[1] = p.a, out[2] = p.b;
  if (threadIdx.x == 0) out[0] = s;
}
int main() {
  int* out;
  cudaMallocManaged(&out, 3 * sizeof(int));
  k<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("xor %d pair %d %d\n", out[0], out[1], out[2]);
  return 0;
}
