// A program that shares a buffer with a graphics API through CUDA's API-neutral interop calls
// (declared by cuda_runtime_api.h, not by an interop header): its declarations of the resource
// compile, and its first call stops the build naming the function and why.
// RUN: %expect-exit 65 %warpsafe build %s -o %t 2>&1 | FileCheck %s -DFILE=%s
// CHECK:      {{.*}}graphics_interop.h:{{[0-9]+:[0-9]+}}: error: static assertion failed: warpsafe: cudaGraphicsMapResources is graphics interop (OpenGL, Direct3D, Vulkan, EGL), which the engine does not support
// CHECK:      [[FILE]]:[[@LINE+14]]:{{[0-9]+}}:   required from here
// CHECK:      warpsafe: [[FILE]] does not compile (compiler exit 1)
// CHECK-NOT:  {{.}}
#include <cstdio>

__global__ void fill(float* p) { p[threadIdx.x] = 1.0f; }

struct cudaGraphicsResource* vbo_resource = nullptr;

int main() {
  unsigned flags = cudaGraphicsMapFlagsWriteDiscard;
  float* p = nullptr;
  size_t bytes = 0;
  cudaGraphicsMapResources(1, &vbo_resource, 0);
  cudaGraphicsResourceGetMappedPointer((void**)&p, &bytes, vbo_resource);
  fill<<<1, 32>>>(p);
  std::printf("flags %u\n", flags);
  return 0;
}
