// The quasi-random states are declared but not provided: making one does not compile, and the
// compiler names this line and the state.
// RUN: %expect-exit 65 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      [[FILE]]:[[@LINE+6]]:{{[0-9]+}}: error: {{.*}}curandStateSobol32_t{{.*}}incomplete type
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <curand_kernel.h>

__global__ void Draw() {
  curandStateSobol32_t state;
}

int main() {
  Draw<<<1, 1>>>();
  return 0;
}
