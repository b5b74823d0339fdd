// A 3 x 4 CSR matrix whose third column index (7) is past its last column: a GPU's SpMV would read
// x out of bounds, and the engine reports it at the call.
// REQUIRES: math-libraries
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in cuSPARSE call cusparseSpMV
// CHECK-NEXT:   at {{.*}}/Inputs/csr_spmv.h:{{[0-9]+}}: operand csrColInd: entry 2 is 7, outside the matrix's columns 0 to 3: the library's kernel would read outside its operands
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <cstdio>

#include "../Inputs/csr_spmv.h"

int main() {
  const int offsets[] = {0, 2, 3, 4}, columns[] = {0, 3, 7, 1};
  const float values[] = {1, 2, 3, 4}, x[] = {1, 1, 1, 1};
  CsrSpmv(3, 4, 4, offsets, columns, values, x);
  printf("not reached\n");
  return 0;
}
