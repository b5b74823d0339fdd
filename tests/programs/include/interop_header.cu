// A program whose helper header includes OpenGL interop, which the engine refuses: the compile
// stops there, and warpsafe's last line names the header and the #include that brought it.
// RUN: %expect-exit 65 %warpsafe build %s -o %t 2>&1 | FileCheck %s -DFILE=%s -DHELPER=%S/Inputs/interop_helper.h
// CHECK:      In file included from [[HELPER]]:4:
// CHECK-NEXT: {{.*}}/cuda_gl_interop.h:{{[0-9]+:[0-9]+}}: error: #error "warpsafe: <cuda_gl_interop.h> (OpenGL interop) is not supported by the engine"
// CHECK:      {{.*}}/cuda_gl_interop.h:{{[0-9]+:[0-9]+}}: fatal error: warpsafe: compilation stopped at the unsupported header above
// CHECK:      warpsafe: [[FILE]] does not compile: [[HELPER]]:4: <cuda_gl_interop.h> (OpenGL interop) is not supported by the engine
// CHECK-NOT:  {{.}}
#include <cstdio>
#include "Inputs/interop_helper.h"

__global__ void fill(float* p) { p[threadIdx.x] = 1.0f; }

int main() {
  float* p = nullptr;
  cudaMalloc(&p, 32 * sizeof(float));
  fill<<<1, 32>>>(p);
  std::printf("compiled\n");
  return 0;
}
