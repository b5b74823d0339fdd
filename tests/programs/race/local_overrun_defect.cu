// One thread writes one element past its local array. On a GPU the store faults (compute-sanitizer:
// invalid __local__ access); on the CPU it would overwrite the thread's other locals or its return
// address and turn later reports into nonsense.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77
// CHECK:      warpsafe: invalid __local__ access
// CHECK-NEXT:   in kernel Smooth (launched at [[FILE]]:[[@LINE+24]]), block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]: write of 4 bytes by block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECK-NEXT:   local memory: the thread's local array `window` (16 bytes), 0 bytes past its end
// CHECK-NEXT:   an index past a local array's bounds: a GPU faults on it (compute-sanitizer calls it an invalid __local__ access); on the CPU it would overwrite the thread's other locals or its return address
// CHECK-NEXT:   replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:  {{.}}

__global__ void Smooth(const int* in, int* out) {
  const int i = threadIdx.x;
  const int n = i == 5 ? 5 : 4;  // thread 5 counts one too many
  int window[4];
  int sum = 0;
  for (int k = 0; k < n; ++k) {
    window[k] = in[(i + k) % 32];
  }
  for (int k = 0; k < 4; ++k) sum += window[k];
  out[i] = sum;
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(in, 0, 32 * sizeof(int));
  Smooth<<<1, 32>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
