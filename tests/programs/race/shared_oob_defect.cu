// A block tree sum whose folding step has no `t < half` guard (the form older Guide editions
// printed; docs/semantics.md, A11): every thread adds the slot `half` above its own, so threads
// with t + half >= kThreads read past the end of the __shared__ array.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: out-of-bounds access
// LOCKSTEP-NEXT:   in kernel UnguardedTreeSum (launched at [[FILE]]:[[@LINE+28]]), block (0,0,0), thread (127,0,0) (warp 3, lane 31)
// RANDOM-NEXT:     in kernel UnguardedTreeSum (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp [[W:[0-9]+]], lane [[L:[0-9]+]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+15]]: read of 4 bytes by block (0,0,0), thread (127,0,0) (warp 3, lane 31)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+14]]: read of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp [[W]], lane [[L]])
// LOCKSTEP-NEXT:   shared memory: 252 bytes past the end of the __shared__ declaration at [[FILE]]:[[@LINE+8]]:66 (512 bytes)
// RANDOM-NEXT:     shared memory: {{[0-9]+}} bytes past the end of the __shared__ declaration at [[FILE]]:[[@LINE+7]]:66 (512 bytes)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

constexpr int kThreads = 128;

__global__ void UnguardedTreeSum(const float* in, float* out) {
  __shared__ float partial[kThreads];
  const int t = threadIdx.x;
  partial[t] = in[t];
  __syncthreads();
  for (int half = kThreads / 2; half > 32; half /= 2) {
    partial[t] += partial[t + half];  // no `t < half`: the upper threads read beyond the array
    __syncthreads();
  }
  if (t == 0) *out = partial[0];
}

int main() {
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, kThreads * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(in, 0, kThreads * sizeof(float));
  UnguardedTreeSum<<<1, kThreads>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
