// C sources (.c) in a program, as nvcc takes them: compiled as C by the host compiler, with C
// linkage for what they declare. Here a C helper is called from a .cu file's main, and a C file
// holds main itself (wrapped by the engine's main, still compiled as C).
// RUN: %warpsafe run %s %S/Inputs/c_sources/matrix_io.c %S/Inputs/c_sources/scale.cu 2>&1 | FileCheck %s --check-prefix=CU-MAIN
// RUN: %warpsafe run %S/Inputs/c_sources/main.c %S/Inputs/c_sources/matrix_io.c %S/Inputs/c_sources/scale.cu 2>&1 | FileCheck %s --check-prefix=C-MAIN
// RUN: %warpsafe check %S/Inputs/c_sources/main.c %S/Inputs/c_sources/matrix_io.c %S/Inputs/c_sources/scale.cu --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED
// CU-MAIN:     .cu main: 0 20 140
// CU-MAIN-NOT: {{.}}
// C-MAIN:      C main: 0 6 42
// C-MAIN-NOT:  {{.}}
// CHECKED:     warpsafe check: no defect in {{[0-9]+}} schedules {{.*}}
// CHECKED-NOT: {{.}}
#include <cstdio>
#include <cstdlib>
#include "Inputs/c_sources/matrix_io.h"

int main() {
  int* values = MakeSequence(8, 4);
  if (ScaleOnDevice(values, 8, 5) != 0) return 2;
  std::printf(".cu main: %d %d %d\n", values[0], values[1], values[7]);
  std::free(values);
  return 0;
}
