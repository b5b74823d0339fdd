// The threads past the end of the data return early, and the rest then meet at __syncthreads. The
// Programming Guide allows the barrier only where every thread of the block reaches it; a GPU since
// Volta lets the remaining threads through, but the program relies on what the Guide leaves
// undefined. `warpsafe check` reports it (`warpsafe run` lets it pass, as the hardware does).
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: __syncthreads after part of the block exited
// CHECK-NEXT:      in kernel Reverse (launched at [[FILE]]:[[@LINE+23]]), block (0,0,0)
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+12]]:3: __syncthreads reached by the block's 48 remaining threads, e.g. thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+11]]:3: __syncthreads reached by the block's 48 remaining threads, e.g. thread ({{[0-9]+}},0,0) (warp {{[0-9]+}}, lane {{[0-9]+}})
// CHECK-NEXT:      16 threads of the block had exited before it, e.g. thread (48,0,0) (warp 1, lane 16)
// CHECK-NEXT:      the Programming Guide allows __syncthreads only where every thread of the block reaches it (in conditional code, only when the condition is the same in the whole block); an early return is such a condition, so the barrier's effect is undefined (BAR-7): let every thread reach it, and skip the work instead of returning
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

__global__ void Reverse(const int* in, int* out, int n) {
  __shared__ int tile[64];
  const int i = threadIdx.x;
  if (i >= n) return;
  tile[i] = in[i];
  __syncthreads();
  out[i] = tile[n - 1 - i];
}

int main() {
  const int n = 48;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 0, n * sizeof(int));
  Reverse<<<1, 64>>>(in, out, n);
  cudaDeviceSynchronize();
  return 0;
}
