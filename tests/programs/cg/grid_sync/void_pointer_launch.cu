// The form every CUDA program uses: the kernel passed as `(void *)kernel` with its arguments as an
// array of pointers. The front end drops the cast (the engine launches kernels typed), and each
// parameter is read from args[i] with its own type (CG-GRID-LAUNCH).
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

__global__ void scale(float* data, double factor, int n) {
  cg::grid_group g = cg::this_grid();
  for (unsigned long long i = g.thread_rank(); i < static_cast<unsigned long long>(n); i += g.size()) {
    data[i] = static_cast<float>(data[i] * factor);
  }
  g.sync();
  if (g.thread_rank() == 0) data[n] = static_cast<float>(g.num_blocks());
}

int main() {
  const int n = 1000;
  float* data;
  cudaMallocManaged(&data, (n + 1) * sizeof(float));
  for (int i = 0; i < n; ++i) data[i] = static_cast<float>(i);
  double factor = 0.5;
  int count = n;
  void* args[] = {(void*)&data, (void*)&factor, (void*)&count};
  if (cudaLaunchCooperativeKernel((void *)scale, dim3(3), dim3(64), args, 0, 0) != cudaSuccess) return 1;
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  for (int i = 0; i < n; ++i) if (data[i] != 0.5f * i) return 3;
  return data[n] == 3.0f ? 0 : 4;
}
