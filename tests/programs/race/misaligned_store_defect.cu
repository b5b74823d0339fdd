// A 4-byte store to an address one byte past a 4-byte boundary: a GPU faults on it
// (cudaErrorMisalignedAddress); the host would not.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: misaligned memory access
// CHECK-NEXT:   in kernel Poke (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]:3: store of 'int' by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   the address is 1 byte past a multiple of 4, the type's alignment: a GPU loads and stores only naturally aligned data and the kernel faults (cudaErrorMisalignedAddress)
// CHECK-NEXT:   global memory: cudaMalloc block of 64 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+11]]), at +1
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Poke(char* bytes) {
  int* p = reinterpret_cast<int*>(bytes + 1);
  *p = 42;
}

int main() {
  char* bytes;
  cudaMalloc(&bytes, 64);
  Poke<<<1, 1>>>(bytes);
  cudaDeviceSynchronize();
  cudaFree(bytes);
  return 0;
}
