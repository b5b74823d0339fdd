// The translated prologue (the engine's <cuda_runtime.h>) is precompiled once per compile options
// and reused by every program whose prologue reads the same headers to the same macros, from any
// folder (tools/warpsafe/README.md, "The cache of `warpsafe run`"). A damaged one is read as text:
// the program still builds and gives the same result.
// RUN: rm -rf %t.cache
// RUN: env WARPSAFE_CACHE_DIR=%t.cache %warpsafe run %s -v 2>&1 | FileCheck %s --check-prefix=BUILT
// BUILT: precompiled the prologue in {{.*}}prologue.h.gch
// BUILT: precompiled the prologue in {{.*}}prologue.h.gch
// BUILT: sum 8128 arch 900
//
// Another program, in another folder (another -idirafter), with the same options, run from
// another working directory: both passes' headers are reused, none is built.
// RUN: rm -rf %t.cwd && mkdir %t.cwd && cd %t.cwd && env WARPSAFE_CACHE_DIR=%t.cache \
// RUN:   %warpsafe run %S/Inputs/elsewhere/prologue_user.cu -v 2>&1 | FileCheck %s --check-prefix=REUSED
// REUSED-NOT: precompiled the prologue in
// REUSED: precompiled prologue: {{.*}}prologue.h.gch
// REUSED-NOT: precompiled the prologue in
// REUSED: precompiled prologue: {{.*}}prologue.h.gch
// REUSED-NOT: precompiled the prologue in
// REUSED: product 5040
//
// The program's stamp still lists the headers the prologue read: an edited engine header rebuilds it.
// RUN: cat %t.cache/precompiled_prologue-*.stamp | FileCheck %s --check-prefix=STAMP
// STAMP: engine/include/cuda_runtime.h
//
// Another architecture defines other macros: another header.
// RUN: env WARPSAFE_CACHE_DIR=%t.cache %warpsafe run %s -v --arch sm_80 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: precompiled the prologue in
// ARCH: sum 8128 arch 800
//
// The compile really reads the .gch, not the text: with every header's text replaced by an
// #error, a new build of the program (another link option: the same compiles) still succeeds.
// RUN: rm -rf %t.used && env WARPSAFE_CACHE_DIR=%t.used %warpsafe run %s > /dev/null
// RUN: sh -c 'for f in %t.used/prologue/*/prologue.h; do echo "#error read as text" > "$f"; done'
// RUN: env WARPSAFE_CACHE_DIR=%t.used %warpsafe run %s -lrt 2>&1 | FileCheck %s --check-prefix=USED
// USED: sum 8128 arch 900
//
// Every header damaged, then the program built again (another link option: the same compiles):
// the damaged headers are chosen, GCC finds them invalid and reads the prologue's text instead.
// RUN: sh -c 'for f in %t.cache/prologue/*/prologue.h.gch; do printf garbage > "$f"; done'
// RUN: env WARPSAFE_CACHE_DIR=%t.cache %warpsafe run %s -v -lm 2>&1 | FileCheck %s --check-prefix=DAMAGED
// DAMAGED-NOT: precompiled the prologue in
// DAMAGED: precompiled prologue: {{.*}}prologue.h.gch
// DAMAGED-NOT: precompiled the prologue in
// DAMAGED: sum 8128 arch 900
// And without any: the same result.
// RUN: env WARPSAFE_CACHE_DIR=%t.cache WARPSAFE_PRECOMPILED_PROLOGUE=0 %warpsafe run %s -v -DUNUSED=2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF-NOT: {{precompiled prologue:|precompiled the prologue}}
// OFF: sum 8128 arch 900

#include <cstdio>

__global__ void sum(const int* in, int n, int* out, int* arch) {
  int v = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) v += in[i];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x == 0) *out = v;
#ifdef __CUDA_ARCH__
  if (threadIdx.x == 0) *arch = __CUDA_ARCH__;
#endif
}

int main() {
  constexpr int n = 128;
  int host[n];
  for (int i = 0; i < n; ++i) host[i] = i;
  int *in = nullptr, *out = nullptr, *arch = nullptr;
  if (cudaMalloc(&in, sizeof host) != cudaSuccess || cudaMalloc(&out, sizeof(int)) != cudaSuccess ||
      cudaMalloc(&arch, sizeof(int)) != cudaSuccess)
    return 1;
  if (cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice) != cudaSuccess) return 1;
  sum<<<1, 32>>>(in, n, out, arch);
  int result = -1, a = -1;
  if (cudaMemcpy(&result, out, sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(&a, arch, sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  std::printf("sum %d arch %d\n", result, a);
  return 0;
}
