// cublas.h (the legacy API) and cublas_v2.h give the same names different functions: a file that
// includes both stops at the second, naming both headers (docs/semantics/cublas_legacy.md).
// REQUIRES: math-libraries
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      In file included from [[FILE]]:[[@LINE+4]]:
// CHECK:      {{.*}}/engine/include/cublas_v2.h:{{[0-9]+:[0-9]+}}: error: #error "warpsafe: cublas_v2.h (the handle API) and cublas.h (the legacy API) cannot both be included in one file, as on CUDA"
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
#include <cublas.h>
#include <cublas_v2.h>

int main() { return 0; }
