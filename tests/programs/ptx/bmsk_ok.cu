// bmsk.clamp and bmsk.wrap (CCCL 3's radix sort builds its digit masks with cuda::ptx::bmsk_clamp):
// a mask of b ones from bit a, cut at bit 31. The expected values follow the ISA's definition of the
// two modes: .wrap takes a and b modulo 32 (a width of 32 is no bits); .clamp gives no bits for a
// position past 31 and every bit from a up for a width past 31. Each thread computes one case.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s
// CHECK:      clamp(1, 2) = 00000006 wrap(1, 2) = 00000006
// CHECK-NEXT: clamp(0, 0) = 00000000 wrap(0, 0) = 00000000
// CHECK-NEXT: clamp(0, 32) = ffffffff wrap(0, 32) = 00000000
// CHECK-NEXT: clamp(28, 8) = f0000000 wrap(28, 8) = f0000000
// CHECK-NEXT: clamp(33, 2) = 00000000 wrap(33, 2) = 00000006
// CHECK-NEXT: clamp(4, 40) = fffffff0 wrap(4, 40) = 00000ff0
// CHECK-NEXT: clamp(31, 1) = 80000000 wrap(31, 1) = 80000000
// CHECK-NEXT: clamp(8, 0) = 00000000 wrap(8, 0) = 00000000
// CHECK-NOT:  {{.}}
#include <cstdio>

constexpr int kCases = 8;
__constant__ unsigned kPos[kCases] = {1, 0, 0, 28, 33, 4, 31, 8};
__constant__ unsigned kWidth[kCases] = {2, 0, 32, 8, 2, 40, 1, 0};

__global__ void Masks(unsigned* clamp, unsigned* wrap) {
  const unsigned i = threadIdx.x;
  asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(clamp[i]) : "r"(kPos[i]), "r"(kWidth[i]));
  asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(wrap[i]) : "r"(kPos[i]), "r"(kWidth[i]));
}

int main() {
  unsigned *clamp, *wrap;
  cudaMallocManaged(&clamp, kCases * sizeof(unsigned));
  cudaMallocManaged(&wrap, kCases * sizeof(unsigned));
  Masks<<<1, kCases>>>(clamp, wrap);
  cudaDeviceSynchronize();
  const unsigned pos[kCases] = {1, 0, 0, 28, 33, 4, 31, 8}, width[kCases] = {2, 0, 32, 8, 2, 40, 1, 0};
  for (int i = 0; i < kCases; ++i) {
    std::printf("clamp(%u, %u) = %08x wrap(%u, %u) = %08x\n", pos[i], width[i], clamp[i], pos[i], width[i], wrap[i]);
  }
  return 0;
}
