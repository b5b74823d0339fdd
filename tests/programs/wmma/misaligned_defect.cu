// A matrix pointer that is not 32-byte aligned, and a leading dimension that is not a multiple of 16
// bytes: CUDA leaves both undefined; each is reported at the call (WMMA-3).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=POINTER
// RUN: %expect-exit 66 %warpsafe run %s -DLDM --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s --check-prefix=LDM
// POINTER:      warpsafe: invalid warp matrix operation
// POINTER-NEXT:   in kernel Load (launched at [[FILE]]:[[@LINE+28]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// POINTER-NEXT:   at [[FILE]]:[[@LINE+15]]: load_matrix_sync
// POINTER-NEXT:   the matrix pointer is not 256-bit (32-byte) aligned (undefined; docs/semantics/wmma.md)
// POINTER-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90
// POINTER-NOT:  {{.}}
// LDM:      warpsafe: invalid warp matrix operation
// LDM-NEXT:   in kernel Load (launched at [[FILE]]:[[@LINE+20]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// LDM-NEXT:   at [[FILE]]:[[@LINE+9]]: load_matrix_sync
// LDM-NEXT:   the leading dimension is not a multiple of 16 bytes (undefined; docs/semantics/wmma.md)
// LDM-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule lockstep --seed 1 --arch sm_90 -D LDM
// LDM-NOT:  {{.}}
#include <mma.h>
using namespace nvcuda;

__global__ void Load(const __half* a, unsigned ldm, float* out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, a, ldm);
  out[threadIdx.x] = __half2float(fa.x[0]);
}

int main() {
  __half* a;
  float* out;
  cudaMallocManaged(&a, 1024 * sizeof(__half));
  cudaMallocManaged(&out, 32 * sizeof(float));
#ifdef LDM
  Load<<<1, 32>>>(a, 20, out);  // 40 bytes
#else
  Load<<<1, 32>>>(a + 8, 16, out);  // 16 bytes past a 256-byte boundary
#endif
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
