// A generator made by curandCreateGenerator writes device memory; a host array is reported.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// CHECK:      warpsafe: out-of-bounds access
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: curandGenerate writes 256 bytes at {{0x[0-9a-f]+}}, which is not inside one device allocation (a generator made by curandCreateGenerator writes device memory)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}

#include <curand.h>

int main() {
  static unsigned host[64];
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW);
  curandGenerate(g, host, 64);
  return 0;
}
