// A kernel's load through __ldg faults inside the engine's header that implements it: the report
// names the program's line that called it, found by unwinding the thread's stack from the fault
// handler through the signal frame, with the header's line as a note. Built twice: as usual (the
// header's function inlined into the kernel) and with inlining off (a real call to unwind through).
// RUN: %expect-exit 66 %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='lockstep --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// RUN: %expect-exit 66 %warpsafe run %s --schedule random --seed 1 -Xcompiler -fno-inline 2>&1 | FileCheck %s -DFILE=%s -DSCHEDULE='random --seed 1'
// CHECK:      warpsafe: illegal memory access in GPU thread
// CHECK-NEXT:   in kernel k (launched at [[FILE]]:[[@LINE+16]]), block (0,0,0), thread ({{[0-9]+}},0,0) (warp 0, lane {{[0-9]+}})
// CHECK-NEXT:   at [[FILE]]:[[@LINE+7]]: the faulting access (in {{.*}}/warpsafe/engine/{{.*}}.h:{{[0-9]+}})
// CHECK-NEXT:   invalid memory access at address {{(0x[0-9a-f]+|\(nil\))}} (on a GPU: cudaErrorIllegalAddress)
// CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] --schedule [[SCHEDULE]] --arch sm_90{{.*}}
// CHECK-NOT:  {{.}}

__global__ void k(const int* in, int* out) {
  const int i = threadIdx.x;
  out[i] = __ldg(in + i);
}

int main(int argc, char**) {
  int* in = nullptr;  // known only at run time (a constant null could be optimised away)
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  if (argc > 1000) cudaMalloc(&in, 32 * sizeof(int));
  k<<<1, 32>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
