// Asserts that __activemask() names the whole warp: true under lockstep (the warp reconverges
// before the query), false under independent thread scheduling for some seeds.
// RUN: %expect-exit 66 %warpsafe check %s --schedules 20 --policy random 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      warpsafe: schedule-dependent failure
// CHECK-NEXT:   in program [[FILE]], schedule random with seed [[SEED:[0-9]+]]
// CHECK-NEXT:   under the random schedule (seed [[SEED]]) the program failed a device assert and exited with status 1; under lockstep it exited with status 0
// CHECK-NEXT:   at [[FILE]]:[[@LINE+10]]: device assert failed: Assertion `mask == 0xffffffffu` failed.
// CHECK-NEXT:   its stderr ended with:
// CHECK-NEXT:   | [[FILE]]:[[@LINE+8]]: void k(): block: [0,0,0], thread: [{{[0-9]+}},0,0] Assertion `mask == 0xffffffffu` failed.
// CHECK-NEXT:   code that passes under lockstep and fails under another legal schedule assumes lockstep execution (independent thread scheduling, since Volta)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --policy random --seed [[SEED]] --schedules 1 --arch sm_90
// CHECK-NOT:  {{.}}

#include <assert.h>
__global__ void k() {
  const unsigned mask = __activemask();
  assert(mask == 0xffffffffu);
}
int main() {
  k<<<1, 32>>>();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
