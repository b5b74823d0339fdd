// The legacy cuBLAS API (cublas.h) is refused at build time, naming the header.
// REQUIRES: math-libraries
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      In file included from [[FILE]]:[[@LINE+4]]:
// CHECK:      {{.*}}/engine/include/cublas.h:{{[0-9]+:[0-9]+}}: error: #error "warpsafe: the legacy cuBLAS API (cublas.h) is not provided; include <cublas_v2.h> and use its handle API (docs/semantics/libraries.md)"
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <cublas.h>

int main() { return 0; }
