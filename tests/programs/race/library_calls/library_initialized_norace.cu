// The clean twin of library_uninitialized_defect.cu: x is copied before the product, and y is
// only written (beta is zero, so cuSPARSE does not read it), then read back.
// REQUIRES: math-libraries
// RUN: %warpsafe check %s 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in {{[0-9]+}} schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <cstdio>

#include "../../Inputs/csr_spmv.h"

int main() {
  const int offsets[] = {0, 1, 2}, columns[] = {0, 1};
  const float values[] = {1, 2}, x[] = {3, 4};
  const float* d_y = CsrSpmv(2, 2, 2, offsets, columns, values, x);
  float y[2];
  cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost);
  std::printf("%s\n", y[0] == 3 && y[1] == 8 ? "ok" : "wrong");
  return y[0] == 3 && y[1] == 8 ? 0 : 1;
}
