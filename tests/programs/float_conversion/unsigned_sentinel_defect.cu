// A sort pads its keys with UINT_MAX stored in a float, and reads them back as unsigned: the
// float holds 4294967296, one past the unsigned range. Undefined in C++: a GPU clamps it to
// 4294967295, x86 gives 0, so the padding would silently sort first on the engine. The engine
// reports it (docs/semantics/float_conversion.md), in `run` and in `check` builds alike.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// RUN: %expect-exit 66 %warpsafe check %s --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED -DFILE=%s
// CHECK:      warpsafe: float-to-integer conversion out of range in GPU thread
// CHECK-NEXT:   in kernel Pad (launched at [[FILE]]:[[@LINE+24]]), block (0,0,0), thread (31,0,0) (warp 0, lane 31)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+14]]:{{[0-9]+}}: the conversion
// CHECK-NEXT:   the 32-bit floating-point value 4294967296 converted to an unsigned 32-bit integer, whose range does not hold it; undefined in C++, and a GPU gives another value (it clamps to the integer type's range) than this CPU would
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe: float-to-integer conversion out of range in GPU thread
// CHECKED-NEXT:   in kernel Pad (launched at [[FILE]]:[[@LINE+18]]), block (0,0,0), thread (31,0,0) (warp 0, lane 31)
// CHECKED-NEXT:   at [[FILE]]:[[@LINE+8]]:{{[0-9]+}}: the conversion
// CHECKED-NEXT:   the 32-bit floating-point value 4294967296 converted to an unsigned 32-bit integer, whose range does not hold it; undefined in C++, and a GPU gives another value (it clamps to the integer type's range) than this CPU would
// CHECKED-NEXT:   replay: {{.*}}warpsafe check [[FILE]]
#include <climits>

__global__ void Pad(unsigned* out, const float* keys, int n) {
  const int i = threadIdx.x;
  const float key = i < n ? keys[i] : UINT_MAX;
  out[i] = key;
}

int main() {
  unsigned* out;
  float* keys;
  cudaMallocManaged(&out, 32 * sizeof(unsigned));
  cudaMallocManaged(&keys, 32 * sizeof(float));
  for (int i = 0; i < 32; ++i) keys[i] = static_cast<float>(i);
  Pad<<<1, 32>>>(out, keys, 31);  // the last lane pads
  cudaDeviceSynchronize();
  return 0;
}
