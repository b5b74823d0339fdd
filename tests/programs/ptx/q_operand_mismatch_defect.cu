// A .b128 value bound to a 64-bit operand, and a "q" operand read by a 64-bit instruction: ptxas
// refuses both statements, so the engine reports each at the asm's line rather than cutting or
// widening the value. The first lane to run the statement reports it.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NARROW
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep -- wide 2>&1 | FileCheck %s -DFILE=%s --check-prefix=WIDE
// NARROW:      warpsafe: unsupported PTX
// NARROW-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// NARROW-NEXT:   at [[FILE]]:[[@LINE+15]]: asm: mov.b128 %0, {%1, %2}
// NARROW-NEXT:   `%0` is a .b128 value, and its operand needs the "q" (128-bit) constraint
// NARROW-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// NARROW-NOT:  {{.}}
// WIDE:      warpsafe: unsupported PTX
// WIDE-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+21]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// WIDE-NEXT:   at [[FILE]]:[[@LINE+12]]: asm: mov.b64 %0, %1
// WIDE-NEXT:   `%1` is a 128-bit ("q") operand, which only ld, st and mov of type .b128 read or write
// WIDE-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -- wide
// WIDE-NOT:  {{.}}
#include <cstring>

__global__ void k(unsigned long long* out, bool wide) {
  unsigned long long x = 0;
  if (!wide) {
    asm("mov.b128 %0, {%1, %2};" : "=l"(x) : "l"(1ull), "l"(2ull));
  } else {
    unsigned __int128 v = 5;
    asm("{ .reg .b128 unused; mov.b64 %0, %1; }" : "=l"(x) : "q"(v));
  }
  out[threadIdx.x] = x;
}

int main(int argc, char** argv) {
  unsigned long long* out;
  cudaMalloc(&out, 32 * sizeof(unsigned long long));
  k<<<1, 32>>>(out, argc > 1 && std::strcmp(argv[1], "wide") == 0);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
