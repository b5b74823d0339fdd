// A quasi-random generator is refused when it is created, naming the generator type.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: unsupported by the engine
// CHECK-NEXT:   at [[FILE]]:[[@LINE+8]]: curandCreateGenerator: CURAND_RNG_QUASI_SOBOL32 is not provided by the engine (it has XORWOW, PHILOX4_32_10 and MRG32K3A, with the GPU's sequences)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <curand.h>

int main() {
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32);
  return 0;
}
