// A 64-bit value shifted by 64. The file reads __CUDA_ARCH__, so it is built in two passes and
// the check sits in the device pass's object.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// CHECK:      warpsafe: shift count out of range in GPU thread
// CHECK-NEXT:   in kernel Mask (launched at [[FILE]]:[[@LINE+23]]), block (1,0,0), thread (31,0,0) (warp 0, lane 31)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]:{{[0-9]+}}: the shift
// CHECK-NEXT:   an unsigned 64-bit integer shifted by 64: the count must be at least 0 and less than the width (64); undefined in C++, and a GPU gives another value than this CPU would
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void Mask(unsigned long long* out, const unsigned* widths) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
  // Bits below `width`: all of them for a width of 64 needs a special case, which this lacks.
  out[i] = (1ull << widths[i]) - 1;
#else
  out[i] = 0;
#endif
}

int main() {
  unsigned long long* out;
  unsigned* widths;
  cudaMallocManaged(&out, 64 * sizeof(unsigned long long));
  cudaMallocManaged(&widths, 64 * sizeof(unsigned));
  for (unsigned i = 0; i < 64; ++i) widths[i] = i + 1;
  Mask<<<2, 32>>>(out, widths);
  cudaDeviceSynchronize();
  std::printf("%llx\n", out[0]);
  return 0;
}
