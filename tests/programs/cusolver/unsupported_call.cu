// Calls a cuSOLVER function the engine does not provide: the build stops naming it.
// REQUIRES: math-libraries
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      [[FILE]]:[[@LINE+11]]:
// CHECK:      {{.*}}/engine/include/cusolverDn.h:{{[0-9]+:[0-9]+}}: error: static assertion failed: warpsafe: cusolverDnSgesvd is not provided by warpsafe's cuSOLVER (docs/semantics/libraries.md)
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <cusolverDn.h>

int main() {
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  float* a = nullptr;
  int* info = nullptr;
  cusolverDnSgesvd(h, 'A', 'A', 4, 4, a, 4, a, a, 4, a, 4, a, 16, a, info);
  return 0;
}
