// load_matrix_sync reached by half of the warp (the others returned), or by a warp of 16 threads:
// every thread of the warp must reach a warp matrix operation together (WMMA-1); reported at the call.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DWHY='have exited' -DREPLAY='lockstep --seed 1 --arch sm_90'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 2 2>&1 | FileCheck %s -DFILE=%s -DWHY='have exited' -DREPLAY='random --seed 2 --arch sm_90'
// RUN: %expect-exit 66 %warpsafe run %s -DPARTIAL --schedule random --seed 2 2>&1 | FileCheck %s -DFILE=%s -DWHY='do not exist (a partial warp)' -DREPLAY='random --seed 2 --arch sm_90 -D PARTIAL'
// CHECK:      warpsafe: invalid warp matrix operation
// CHECK-NEXT:   in kernel HalfWarp (launched at [[FILE]]:[[@LINE+26]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:   at [[FILE]]:[[@LINE+15]]: load_matrix_sync
// CHECK-NEXT:   reached by 16 threads of the warp (lane mask 0x0000ffff): every thread of the warp must reach a warp matrix operation together, and the others [[WHY]] (undefined; docs/semantics/wmma.md)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[REPLAY]]
// CHECK-NOT:  {{.}}
#include <mma.h>
using namespace nvcuda;
#ifdef PARTIAL
constexpr int kThreads = 16;
#else
constexpr int kThreads = 32;
#endif

__global__ void HalfWarp(const __half* a, float* out) {
  if (threadIdx.x >= 16) return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, a, 16);
  out[threadIdx.x] = __half2float(fa.x[0]);
}

int main() {
  __half* a;
  float* out;
  cudaMallocManaged(&a, 256 * sizeof(__half));
  cudaMallocManaged(&out, 32 * sizeof(float));
  for (int i = 0; i < 256; ++i) a[i] = __float2half(1.0f);
  HalfWarp<<<1, kThreads>>>(a, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
