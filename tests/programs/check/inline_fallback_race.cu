// When the second compile of a checked build fails (a compiler fault: here a compiler that
// refuses bitcode), or drops the bitcode's debug information as invalid (here one that strips it
// and says so, as LLVM does), the file is compiled in one step and its accesses call the engine's
// callbacks (INLINE-1): the check still runs, finds the race, and names both lines of the user's
// file. So is a file whose instrumented code is larger than the second step is worth (here a
// limit of 1 byte stands for the 2 MiB default).
// RUN: rm -rf %t.cache %t.cache2 %t.cache3
// RUN: %expect-exit 66 env WARPSAFE_CACHE_DIR=%t.cache WARPSAFE_CHECK_CXX=%S/Inputs/no_bitcode_compile.sh %warpsafe check %s --schedules 0 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 66 env WARPSAFE_CACHE_DIR=%t.cache2 WARPSAFE_CHECK_CXX=%S/Inputs/dropped_debug_info_compile.sh %warpsafe check %s --schedules 0 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 66 env WARPSAFE_CACHE_DIR=%t.cache3 WARPSAFE_CHECK_INLINE_LIMIT=1 %warpsafe check %s --schedules 0 -v 2>&1 | FileCheck %s -DFILE=%s --check-prefixes=LARGE,CHECK
// LARGE:      (host pass): 0 MB of instrumented code: compiling the file in one step, its accesses calling the engine
// LARGE-NOT:  -x ir
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel Neighbour (launched at [[FILE]]:[[@LINE+15]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:   in global memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at [[FILE]]:{{22|23}}: {{read|write}} of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:   at [[FILE]]:{{22|23}}: previous {{read|write}} of 4 bytes by block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK:        replay:
// CHECK-NOT:  check_inline.h

__global__ void Neighbour(float* v) {
  const float next = v[(threadIdx.x + 1) % blockDim.x];
  v[threadIdx.x] = next + 1.0f;
}
int main() {
  float* v;
  cudaMalloc(&v, 32 * sizeof(float));
  cudaMemset(v, 0, 32 * sizeof(float));
  Neighbour<<<1, 32>>>(v);
  const bool ok = cudaDeviceSynchronize() == cudaSuccess;
  cudaFree(v);
  return ok ? 0 : 1;
}
