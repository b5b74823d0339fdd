// Every form of __shared__ and launch that the front end rewrites, run on the real engine. Prints
// "ok" and exits 0 when every block computed what it should.
// RUN: %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 7 2>&1 | FileCheck %s
// CHECK:      ok 721 721 721 128 128
// CHECK-NOT:  {{.}}

#include <cstdio>
#include <memory>  // after cuda_runtime.h: must not trip over the __noinline__ keyword

namespace detail {
template <class T, int N>
struct Scan {
  struct TempStorage {
    T slots[N];
  };
};
}  // namespace detail

__shared__ int g_count;             // namespace scope: one per block
extern __shared__ float g_dyn[];    // namespace scope dynamic

template <class T, int N>
__global__ void sums(T* out) {
  __shared__ typename detail::Scan<T, N>::TempStorage temp;
  __shared__ __align__(16) T a[N], b[N];
  __shared__ T grid2d[2][N];
  extern __shared__ float dyn[];
  if (threadIdx.x == 0) g_count = 0;
  __syncthreads();
  atomicAdd(&g_count, 1);
  temp.slots[threadIdx.x] = static_cast<T>(threadIdx.x);
  a[threadIdx.x] = 1;
  b[threadIdx.x] = 2;
  grid2d[1][threadIdx.x] = 3;
  dyn[threadIdx.x] = 0.5f;
  __syncthreads();
  if (threadIdx.x == 0) {
    T s = 0;
    for (int i = 0; i < N; ++i) s += temp.slots[i] + a[i] + b[i] + grid2d[1][i];
    out[blockIdx.x] = s + static_cast<T>(g_count) + static_cast<T>(g_dyn[N - 1] * 2);
  }
}

__noinline__ __device__ int twice(int x) { return 2 * x; }

#define SMEM __shared__

__global__ void scalar_kernel(int* out) {
  constexpr int kPointAlign = 64;
  SMEM int total;
  __shared__ alignas(kPointAlign) float pts[4];  // a named alignment: 64, not alignof(int)
  if (threadIdx.x == 0) total = reinterpret_cast<unsigned long long>(pts) % kPointAlign == 0 ? 0 : 1000;
  __syncthreads();
  atomicAdd(&total, twice(1));
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

#define LAUNCH(kern, grid, block, ...) kern<<<grid, block, 32 * sizeof(float)>>>(__VA_ARGS__)

int main() {
  auto out = std::make_unique<int[]>(3);
  sums<int, 32><<<3, 32, 32 * sizeof(float)>>>(out.get());
  // per block: sum(0..31) + 32 * (1 + 2 + 3) + 32 threads counted + 0.5 * 2
  const int expected = 496 + 192 + 32 + 1;
  bool ok = out[0] == expected && out[1] == expected && out[2] == expected;
  int totals[2] = {};
  LAUNCH(scalar_kernel,
         2,
         64, totals);
  ok = ok && totals[0] == 128 && totals[1] == 128;
  const int few = 1, many = 2;
  scalar_kernel<<<(few < many ? 2 : 1), (many > few ? 64 : 32)>>>(totals);
  ok = ok && totals[0] == 128 && totals[1] == 128;
  std::printf("%s %d %d %d %d %d\n", ok ? "ok" : "WRONG", out[0], out[1], out[2], totals[0], totals[1]);
  return ok ? 0 : 1;
}
