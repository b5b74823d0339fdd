// <curand.h> brings the runtime API with it, as the toolkit's does: the host file beside this one
// (Inputs/curand_runtime_host.cpp, compiled without the front end) includes only <curand.h> and
// uses runtime calls and declarations guarded by the runtime's include-guard macros.
// RUN: %warpsafe run %s %S/Inputs/curand_runtime_host.cpp --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s %S/Inputs/curand_runtime_host.cpp --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      curand brings the runtime: ok
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <string>

const char* HostErrorName(int error);   // curand_runtime_host.cpp
int HostGeneratesOnDevice(float* out, int n);

int main() {
  float* d = nullptr;
  if (cudaMalloc(&d, 64 * sizeof(float)) != cudaSuccess) return 1;
  if (HostGeneratesOnDevice(d, 64) != 0) return 2;
  if (std::string(HostErrorName(cudaErrorInvalidValue)) != "cudaErrorInvalidValue") return 3;
  cudaFree(d);
  std::printf("curand brings the runtime: ok\n");
  return 0;
}
