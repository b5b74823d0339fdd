// A program that includes a header this machine does not have (neither CUDA's nor the system's):
// the compile stops there, and warpsafe's last line names the header and the line including it.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// The compiler says it twice: once while warpsafe asks whether the two passes differ, once compiling.
// CHECK:      [[FILE]]:[[@LINE+6]]:{{[0-9]+}}: fatal error: warpsafe_no_such_vendor/library.h: No such file or directory
// CHECK:      [[FILE]]:[[@LINE+5]]:{{[0-9]+}}: fatal error: warpsafe_no_such_vendor/library.h: No such file or directory
// CHECK:      compilation terminated.
// CHECK-NEXT: warpsafe: [[FILE]] does not compile: [[FILE]]:[[@LINE+3]]: <warpsafe_no_such_vendor/library.h> not found
// CHECK-NOT:  {{.}}
#include <cstdio>
#include <warpsafe_no_such_vendor/library.h>

int main() {
  std::printf("compiled\n");
  return 0;
}
