// The blocks of a cooperative launch are all resident, so one block may wait for a flag that a
// later block sets (CG-GRID-RESIDENT): block 0 spins on an atomic that block 3 sets. On the engine
// the spinning block gives the other blocks their turns.
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

__global__ void k(int* flag, int* seen) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (atomicAdd(flag, 0) == 0) {
    }
    seen[0] = 1;
  }
  if (blockIdx.x == 3 && threadIdx.x == 0) atomicExch(flag, 1);
  cg::this_grid().sync();
}

int main() {
  int *flag, *seen;
  cudaMallocManaged(&flag, sizeof(int));
  cudaMallocManaged(&seen, sizeof(int));
  *flag = 0;
  *seen = 0;
  void* args[] = {&flag, &seen};
  if (cudaLaunchCooperativeKernel(k, 4, 32, args) != cudaSuccess) return 1;
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  return *seen == 1 ? 0 : 3;
}
