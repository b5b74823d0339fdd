// A cooperative grid larger than the device holds at once fails with
// cudaErrorCooperativeLaunchTooLarge, and runs nothing (CG-GRID-RESIDENT). On the emulated H100
// (sm_90, 132 multiprocessors) blocks of 1024 threads fit two per multiprocessor, as the H100
// itself reported (2026-11-25): 264 blocks at most.
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

__global__ void k(int* ran) {
  atomicAdd(ran, 1);
  cg::this_grid().sync();
}

int main() {
  int* ran;
  cudaMallocManaged(&ran, sizeof(int));
  *ran = 0;
  int per_sm = 0, sms = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, 1024, 0) != cudaSuccess) return 1;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess) return 2;
  if (per_sm != 2 || sms != 132) return 3;
  void* args[] = {&ran};
  if (cudaLaunchCooperativeKernel(k, per_sm * sms + 1, 1024, args) != cudaErrorCooperativeLaunchTooLarge) return 4;
  if (cudaGetLastError() != cudaErrorCooperativeLaunchTooLarge) return 5;
  if (cudaGetLastError() != cudaSuccess) return 6;  // not sticky
  return *ran == 0 ? 0 : 7;
}
