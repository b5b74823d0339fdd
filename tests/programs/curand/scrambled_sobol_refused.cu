// A scrambled Sobol generator is refused when it is created, naming the generator type: its
// scramble constants are cuRAND's own data. The scramble constants themselves are refused too.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// RUN: %expect-exit 66 %warpsafe run %s -D CONSTANTS --schedule lockstep 2>&1 | FileCheck %s --check-prefix=CONSTANTS -DFILE=%s
// CHECK:      warpsafe: unsupported by the engine
// CHECK-NEXT:   at [[FILE]]:23: curandCreateGenerator: CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 is not provided by the engine: its scramble constants are cuRAND's own table, which the engine cannot derive (the unscrambled SOBOL32 and SOBOL64 are provided)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}
// CONSTANTS:      warpsafe: unsupported by the engine
// CONSTANTS-NEXT:   at [[FILE]]:20: curandGetScrambleConstants32: scrambled Sobol is not provided by the engine: its scramble constants are cuRAND's own table, which the engine cannot derive
// CONSTANTS-NEXT:   replay: {{.*}}
// CONSTANTS-NOT:  {{.}}

#include <curand.h>

int main() {
#ifdef CONSTANTS
  unsigned* constants = nullptr;
  curandGetScrambleConstants32(&constants);
#else
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_QUASI_SCRAMBLED_SOBOL64);
#endif
  return 0;
}
