// A host file compiled as C (a .c file, as nvcc hands it to the host compiler) that includes
// cuda_runtime.h and calls the runtime API: devices and properties, pinned and device memory,
// memset, streams, asynchronous copies, events and their elapsed time, make_cudaExtent and the
// vector types, an error's name and string. The kernel and its launch stay in the .cu file. The
// C view's types have C++'s sizes and alignments (C-1, docs/semantics/c_sources.md).
// RUN: %warpsafe run %s %S/Inputs/c_runtime_api/host.c 2>&1 | FileCheck %s
// RUN: %warpsafe check %s %S/Inputs/c_runtime_api/host.c --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECK:      layouts: C and C++ agree
// CHECK-NEXT: C: 1 device, compute capability 9.0, warp size 32
// CHECK-NEXT: C: scaled 100 values: 0 2 198, elapsed time measured
// CHECK-NEXT: C: extent 4 x 3 x 2
// CHECK-NEXT: C: cudaSetDevice(7): cudaErrorInvalidDevice (invalid device ordinal)
// CHECK-NEXT: done
// CHECK-NOT:  {{.}}
// CHECKED:    warpsafe check: no defect in {{[0-9]+}} schedules {{.*}}
// CHECKED-NOT: {{.}}
#include <cstdio>
#include "Inputs/c_runtime_api/layouts.h"

__global__ void Scale(float* values, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] *= factor;
}

extern "C" cudaError_t LaunchScale(float* values, int n, float factor, dim3 grid, dim3 block, cudaStream_t stream) {
  Scale<<<grid, block, 0, stream>>>(values, n, factor);
  return cudaGetLastError();
}

int main() {
  CLayouts c = CLayoutsOfC();
  bool same = c.device_prop == sizeof(cudaDeviceProp) && c.pitched_ptr == sizeof(cudaPitchedPtr) &&
              c.dim3_size == sizeof(dim3) && c.float4_size == sizeof(float4) && c.int2_align == alignof(int2) &&
              c.double2_align == alignof(double2) && c.float3_size == sizeof(float3) &&
              c.error_size == sizeof(cudaError_t);
  std::printf("layouts: %s\n", same ? "C and C++ agree" : "C and C++ differ");
  if (RunFromC(100) != 0) return 1;
  std::printf("done\n");
  return 0;
}
