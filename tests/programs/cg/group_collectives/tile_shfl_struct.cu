// A tile shuffles any trivially copyable type, here a 12-byte struct and a double (CG-TILE).
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | count 0

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Point {
  float x, y, z;
};

__global__ void k(Point* out, double* d) {
  auto t = cg::tiled_partition<16>(cg::this_thread_block());
  Point p{float(threadIdx.x), float(threadIdx.x) * 2, -1.0f};
  out[threadIdx.x] = t.shfl_down(p, 3);
  d[threadIdx.x] = t.shfl(0.5 + threadIdx.x, 15);
}

int main() {
  Point* out;
  double* d;
  cudaMallocManaged(&out, 32 * sizeof(Point));
  cudaMallocManaged(&d, 32 * sizeof(double));
  k<<<1, 32>>>(out, d);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  for (int i = 0; i < 32; ++i) {
    const int src = i % 16 + 3 < 16 ? i + 3 : i;
    if (out[i].x != src || out[i].y != 2 * src || out[i].z != -1.0f) return 2;
    if (d[i] != 0.5 + (i / 16 * 16 + 15)) return 3;
  }
  return 0;
}
