// A __shared__ array declared in a namespace, written by one warp and read by the other with no
// __syncthreads between: the report names the declaration's own line, as for a declaration inside
// a kernel.
// REQUIRES: race-detector
// RUN: %build-instrumented %s -o %t
// RUN: env WARPSAFE_SCHEDULE=lockstep WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=lockstep -DSEED=1 --check-prefixes=CHECK,LOCKSTEP
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=1 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=1 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=5 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=5 --check-prefixes=CHECK,RANDOM
// RUN: env WARPSAFE_SCHEDULE=random WARPSAFE_SEED=77 WARPSAFE_WORKERS=1 %expect-exit 66 %t 2>&1 | FileCheck %s -DFILE=%s -DEXE=%t -DPOLICY=random -DSEED=77 --check-prefixes=CHECK,RANDOM
// CHECK:         warpsafe: data race
// LOCKSTEP-NEXT:   in kernel grid_tiles::Rotate (launched at [[FILE]]:[[@LINE+28]]), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     in kernel grid_tiles::Rotate (launched at [[FILE]]:[[@LINE+27]]), block (0,0,0), thread ([[T:[0-9]+]],0,0) (warp [[W:[0-9]+]], lane [[L:[0-9]+]])
// CHECK-NEXT:      in shared memory, between two threads with no happens-before between them:
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+17]]: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+15]]: write of 4 bytes by block (0,0,0), thread ([[T]],0,0) (warp [[W]], lane [[L]])
// LOCKSTEP-NEXT:   at [[FILE]]:[[@LINE+14]]: previous write of 4 bytes by block (0,0,0), thread (32,0,0) (warp 1, lane 0)
// RANDOM-NEXT:     at [[FILE]]:[[@LINE+14]]: previous read of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp {{[0-9]+}}, lane {{[0-9]+}})
// LOCKSTEP-NEXT:   shared memory: __shared__ variable `grid_tiles::tile` (declared at namespace scope) at [[FILE]]:[[@LINE+9]] (256 bytes) at +128
// RANDOM-NEXT:     shared memory: __shared__ variable `grid_tiles::tile` (declared at namespace scope) at [[FILE]]:[[@LINE+8]] (256 bytes) at +{{[0-9]+}}
// LOCKSTEP-NEXT:   the threads are in warps 1 and 0 of one block: no __syncthreads() between the accesses (BAR-1)
// RANDOM-NEXT:     the threads are in warps {{[0-9]+}} and {{[0-9]+}} of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:      replay: WARPSAFE_SCHEDULE=[[POLICY]] WARPSAFE_SEED=[[SEED]] WARPSAFE_WORKERS=1 [[EXE]]
// CHECK-NOT:     {{.}}

namespace grid_tiles {

__shared__ float tile[64];

__global__ void Rotate(float* out) {
  tile[threadIdx.x] = static_cast<float>(threadIdx.x);
  out[threadIdx.x] = tile[(threadIdx.x + 32) % 64];
}

}  // namespace grid_tiles

int main() {
  float* out;
  cudaMalloc(&out, 64 * sizeof(float));
  grid_tiles::Rotate<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
