// A 32-bit value shifted by 32, as a Huffman decoder does when a code fills the whole word
// (`dw << (32 - bit)` with bit 0). Undefined in C++: a GPU gives 0, x86 masks the count and gives
// dw, so the program would silently compute something else on the engine. The engine reports it
// (docs/semantics/shift.md), in `run` and in `check` builds alike.
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 5 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 5'
// RUN: %expect-exit 66 %warpsafe check %s --schedules 2 2>&1 | FileCheck %s --check-prefix=CHECKED -DFILE=%s
// CHECK:      warpsafe: shift count out of range in GPU thread
// CHECK-NEXT:   in kernel Decode (launched at [[FILE]]:[[@LINE+22]]), block (0,0,0), thread (3,0,0) (warp 0, lane 3)
// CHECK-NEXT:   at [[FILE]]:[[@LINE+12]]:{{[0-9]+}}: the shift
// CHECK-NEXT:   an unsigned 32-bit integer shifted by 32: the count must be at least 0 and less than the width (32); undefined in C++, and a GPU gives another value than this CPU would
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90
// CHECK-NOT:  {{.}}
// CHECKED:      warpsafe: shift count out of range in GPU thread
// CHECKED-NEXT:   in kernel Decode (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread (3,0,0) (warp 0, lane 3)
// CHECKED-NEXT:   at [[FILE]]:[[@LINE+6]]:{{[0-9]+}}: the shift
// CHECKED-NEXT:   an unsigned 32-bit integer shifted by 32: the count must be at least 0 and less than the width (32); undefined in C++, and a GPU gives another value than this CPU would
// CHECKED-NEXT:   replay: {{.*}}warpsafe check [[FILE]]

__global__ void Decode(unsigned* out, const unsigned* bits, unsigned dw) {
  const unsigned i = threadIdx.x;
  out[i] = dw << (32 - bits[i]);
}

int main() {
  unsigned* out;
  unsigned* bits;
  cudaMallocManaged(&out, 32 * sizeof(unsigned));
  cudaMallocManaged(&bits, 32 * sizeof(unsigned));
  for (int i = 0; i < 32; ++i) bits[i] = i == 3 ? 0 : 1 + i % 31;
  Decode<<<1, 32>>>(out, bits, 0x12345678u);
  cudaDeviceSynchronize();
  return 0;
}
