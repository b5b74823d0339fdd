// The multi-GPU descriptor API of cufftXt.h, written as a program for two GPUs writes it: the
// descriptor types and enumerations compile, and the build stops at the first call the engine does
// not provide, naming it (not at an undeclared cudaLibXtDesc).
// REQUIRES: math-libraries
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      [[FILE]]:[[@LINE+13]]:
// CHECK:      {{.*}}/engine/include/cufftXt.h:{{[0-9]+:[0-9]+}}: error: static assertion failed: warpsafe: cufftXtSetGPUs is not provided by warpsafe's cuFFT (docs/semantics/libraries.md)
// CHECK-NOT:  was not declared
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <cufftXt.h>

#include <cstdio>

int main() {
  cufftHandle plan;
  cufftCreate(&plan);
  int gpus[2] = {0, 1};
  cufftXtSetGPUs(plan, 2, gpus);
  cudaLibXtDesc* data = nullptr;
  cufftXtMalloc(plan, &data, CUFFT_XT_FORMAT_INPLACE);
  float host[64] = {};
  cufftXtMemcpy(plan, data, host, CUFFT_COPY_HOST_TO_DEVICE);
  cufftXtExecDescriptor(plan, data, data, CUFFT_FORWARD);
  std::printf("%p %d\n", data->descriptor->data[0], data->descriptor->nGPUs);
  cufftXtFree(data);
  return 0;
}
