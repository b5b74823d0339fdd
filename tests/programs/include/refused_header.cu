// A program that includes a library the engine does not provide: its compile stops at that
// #include, before any use of the library.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      In file included from [[FILE]]:[[@LINE+7]]:
// CHECK-NEXT: {{.*}}/cusolverRf.h:{{[0-9]+:[0-9]+}}: error: #error "warpsafe: <cusolverRf.h> (cuSOLVER) is not supported by the engine"
// CHECK:      {{.*}}/cusolverRf.h:{{[0-9]+:[0-9]+}}: fatal error: warpsafe: compilation stopped at the unsupported header above
// CHECK-NOT:  cusolverRfCreate
// CHECK:      warpsafe: [[FILE]] does not compile: [[FILE]]:[[@LINE+3]]: <cusolverRf.h> (cuSOLVER) is not supported by the engine
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <cusolverRf.h>

int main() {
  cusolverRfHandle_t handle;
  cusolverRfCreate(&handle);
  std::printf("compiled\n");
  return 0;
}
