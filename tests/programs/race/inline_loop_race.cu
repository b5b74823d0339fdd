// Each thread sums its own row many times over, then writes the last element of the next thread's
// row, which that thread reads in its loop: nothing orders the two, a race (with NORACE a
// __syncthreads orders them). After a thread's first passes its loads are decided inline, in the
// kernel's own code (INLINE-1): the race is still found, and the read is named by its own line.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// The callbacks are inlined: the kernel tests its windows in its own code and calls the rest of the
// inline path (Decide, which calls the engine) only for what they cannot decide.
// RUN: objdump -d --no-show-raw-insn -C %t | sed -n '/<Sweep(float\*, float\*)>:/,/^$/p' | FileCheck %s --check-prefix=CODE --implicit-check-not=__sanitizer_cov_ --implicit-check-not=__warpsafe_check_access
// CODE: <Sweep(float*, float*)>:
// CODE: call {{.*}}<void warpsafe::engine::check_inline::Decide<4u, false>
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// RUN: %build-instrumented %s -o %t.norace -D NORACE
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %t.norace 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %t.norace 2>&1 | count 0
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %t.norace 2>&1 | count 0
// CHECK:         warpsafe: data race
// CHECK-NEXT:      in kernel Sweep (launched at [[FILE]]:[[@LINE+30]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp 0, lane [[T]])
// CHECK-NEXT:      in global memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+21]]: write of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+14]]: previous read of 4 bytes by block (0,0,0), thread (1,0,0) (warp 0, lane 1)
// RANDOM-NEXT:     at [[FILE]]:{{37|43}}: {{read|write}} of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp 0, lane [[T]])
// RANDOM-NEXT:     at [[FILE]]:{{[0-9]+}}: previous {{read|write}} of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:      global memory: cudaMalloc block of 8192 bytes (the program's 1st allocation, made at [[FILE]]:[[@LINE+21]]), at +{{[0-9]+}}
// CHECK-NEXT:      both threads are lanes of warp 0: no __syncwarp() between the accesses (tile.sync() where they exchange through a cooperative groups tile; lanes do not run in lockstep, and volatile, shuffles and votes do not order memory: ITS-3, SYNCWARP-2, SYNC-ORDER)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

constexpr int kCols = 64;  // a row is a sweep: more accesses than the progress table holds
constexpr int kPasses = 8;
__global__ void Sweep(float* rows, float* out) {
  const int t = threadIdx.x;
  float sum = 0.0f;
  for (int p = 0; p < kPasses; ++p) {
    for (int j = 0; j < kCols; ++j) sum += rows[t * kCols + j];
  }
  out[t] = sum;
#ifdef NORACE
  __syncthreads();
#endif
  rows[((t + 1) % blockDim.x) * kCols + kCols - 1] = sum;
}
int main() {
  float *rows, *out;
  cudaMalloc(&rows, sizeof(float) * 32 * kCols);
  cudaMalloc(&out, sizeof(float) * 32);
  cudaMemset(rows, 0, sizeof(float) * 32 * kCols);
  Sweep<<<1, 32>>>(rows, out);
  const bool ok = cudaDeviceSynchronize() == cudaSuccess;
  cudaFree(rows);
  cudaFree(out);
  return ok ? 0 : 1;
}
