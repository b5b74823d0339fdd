// Calls a cuSPARSE function the engine does not provide: the build stops naming it.
// REQUIRES: math-libraries
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      [[FILE]]:[[@LINE+10]]:
// CHECK:      {{.*}}/engine/include/cusparse.h:{{[0-9]+:[0-9]+}}: error: static assertion failed: warpsafe: cusparseSpGEMM_compute is not provided by warpsafe's cuSPARSE (docs/semantics/libraries.md)
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <cusparse.h>

int main() {
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSpGEMMDescr_t descr = nullptr;
  cusparseSpGEMM_compute(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, nullptr, nullptr,
                         nullptr, nullptr, nullptr, CUDA_R_32F, 0, descr, nullptr, nullptr);
  return 0;
}
