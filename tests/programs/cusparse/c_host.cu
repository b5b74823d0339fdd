// A host file compiled as C (a .c file, as nvcc hands it to the host compiler) that includes
// cusparse.h and cuComplex.h and calls SpMV and the complex helpers, as cuSPARSE's own C samples
// do: the libraries' headers give C their functions with C linkage and the types they take
// (C-3, docs/semantics/c_sources.md).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s %S/Inputs/c_host/host.c 2>&1 | FileCheck %s
// CHECK:      C: spmv 7 6 19
// CHECK-NEXT: C: complex 5+5i 3-1i |3+4i| 5
// CHECK-NEXT: done
// CHECK-NOT:  {{.}}
#include <cstdio>

extern "C" int RunFromC(void);

int main() {
  if (RunFromC() != 0) return 1;
  printf("done\n");
  return 0;
}
