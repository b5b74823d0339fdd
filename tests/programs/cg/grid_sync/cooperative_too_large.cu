// A cooperative grid larger than the device holds at once fails with
// cudaErrorCooperativeLaunchTooLarge, and runs nothing (CG-GRID-RESIDENT); the largest one the
// occupancy calculator allows runs, every block resident. On sm_90 blocks of 1024 threads fit two
// per multiprocessor, as an H100 reported (2026-11-25); the emulated device has the 12
// multiprocessors the engine keeps resident (DEV-SMS): 24 blocks at most.
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
  if (per_sm != 2 || sms != 12) return 3;
  void* args[] = {&ran};
  if (cudaLaunchCooperativeKernel(k, per_sm * sms + 1, 1024, args) != cudaErrorCooperativeLaunchTooLarge) return 4;
  if (cudaGetLastError() != cudaErrorCooperativeLaunchTooLarge) return 5;
  if (cudaGetLastError() != cudaSuccess) return 6;  // not sticky
  if (*ran != 0) return 7;
  // The full grid the calculator allows: every thread arrives, and grid.sync() completes.
  if (cudaLaunchCooperativeKernel(k, per_sm * sms, 1024, args) != cudaSuccess) return 8;
  if (cudaDeviceSynchronize() != cudaSuccess) return 9;
  return *ran == per_sm * sms * 1024 ? 0 : 10;
}
