// Twin of the defects: shifts by the largest counts that are defined (31 for 32 bits, 63 for 64)
// and by 0 are not reported, and give C++'s values.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s
// RUN: %warpsafe check %s --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      80000000 1 8000000000000000 12345678
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}
// CHECKED: warpsafe check: no defect in
#include <cstdio>

__global__ void Shifts(unsigned* out32, unsigned long long* out64, const int* counts) {
  const int i = threadIdx.x;
  out32[i] = 1u << counts[i];
  out64[i] = 1ull << (2 * counts[i] + 1);
  out32[32 + i] = 0x80000000u >> counts[i];
  out32[64 + i] = 0x12345678u << (counts[i] - counts[i]);
}

int main() {
  unsigned* out32;
  unsigned long long* out64;
  int* counts;
  cudaMallocManaged(&out32, 96 * sizeof(unsigned));
  cudaMallocManaged(&out64, 32 * sizeof(unsigned long long));
  cudaMallocManaged(&counts, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) counts[i] = i;
  Shifts<<<1, 32>>>(out32, out64, counts);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("%x %x %llx %x\n", out32[31], out32[32 + 31], out64[31], out32[64 + 7]);
  bool ok = true;
  for (int i = 0; i < 32; ++i) ok = ok && out32[i] == (1u << i) && out64[i] == (1ull << (2 * i + 1));
  std::printf("%s\n", ok ? "ok" : "wrong");
  return ok ? 0 : 2;
}
