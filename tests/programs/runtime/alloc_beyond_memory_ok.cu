// An allocation as large as the machine's whole memory cannot be backed while anything else runs:
// cudaMalloc and cudaMallocManaged must fail with cudaErrorMemoryAllocation (as a GPU's do), and
// the process must go on, never be killed by the OOM killer. Smaller allocations still work.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// RUN: %warpsafe run %s --schedule random --seed 1234 2>&1 | FileCheck %s --implicit-check-not=warpsafe
// CHECK:      refused {{[1-9][0-9]*}} bytes
// CHECK-NOT:  {{.}}

#include <cstdio>
int main() {
  size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) return 1;
  void* p = nullptr;
  if (cudaMalloc(&p, total) != cudaErrorMemoryAllocation || p != nullptr) return 2;
  if (cudaGetLastError() != cudaErrorMemoryAllocation) return 3;
  if (cudaMallocManaged(&p, total) != cudaErrorMemoryAllocation) return 4;
  (void)cudaGetLastError();
  if (cudaMalloc(&p, 1 << 20) != cudaSuccess || cudaFree(p) != cudaSuccess) return 5;
  std::printf("refused %zu bytes\n", total);
  return 0;
}
