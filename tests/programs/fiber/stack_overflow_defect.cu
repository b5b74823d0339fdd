// Unbounded recursion in one thread.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: stack overflow in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+17]]), block (0,0,0), thread (5,0,0) (warp 0, lane 5)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: the stack ran out in depth(int)
// CHECK-NEXT:   the thread overflowed its 256 KB stack (deep recursion or large local arrays); raise it with --stack-size or WARPSAFE_STACK_SIZE
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

__device__ int depth(int n) {
  volatile char frame[256];
  frame[0] = (char)n;
  return frame[0] + depth(n + 1);
}
__global__ void k(int* out) {
  if (threadIdx.x == 5) out[0] = depth(0);
}
int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  k<<<1, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
