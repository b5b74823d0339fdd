// cuRAND's MTGP32 headers are refused at the program's own #include line.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      In file included from [[FILE]]:[[@LINE+4]]:
// CHECK-NEXT: {{.*}}/engine/include/curand_mtgp32_host.h:{{[0-9]+:[0-9]+}}: error: #error "curand_mtgp32_host.h: the MTGP32 generator is not provided by warpsafe's engine (its cuRAND has the XORWOW, Philox4_32_10 and MRG32k3a generators: curand_kernel.h, curand.h)"
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <curand_mtgp32_host.h>

int main() { return 0; }
