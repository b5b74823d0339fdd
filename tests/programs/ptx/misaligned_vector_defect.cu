// A 16-byte vector store at an address that is a multiple of 4 but not of 16: each element is
// aligned, the access is not, and a GPU faults on it (cudaErrorMisalignedAddress). `warpsafe check`
// reports it once, for the whole access (PTX-MEM-4, ALIGN-1).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// CHECK:      warpsafe: misaligned memory access
// CHECK-NEXT:   in kernel Poke (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: store of `st.global.v4.u32` (16 bytes) by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   the address is 4 bytes past a multiple of 16, the type's alignment: a GPU loads and stores only naturally aligned data and the kernel faults (cudaErrorMisalignedAddress)
// CHECK-NEXT:   global memory: cudaMalloc block of 64 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+11]]), at +4
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Poke(unsigned* words) {
  unsigned* p = words + 1;
  asm volatile("st.global.v4.u32 [%0], {%1, %1, %1, %1};" ::"l"(p), "r"(7u) : "memory");
}

int main() {
  unsigned* words;
  cudaMalloc(&words, 64);
  Poke<<<1, 1>>>(words);
  cudaDeviceSynchronize();
  return 0;
}
