// The calling-convention and decoration macros of CUDA's headers that programs spell on their own
// declarations: stream callbacks and host functions marked CUDART_CB, re-declared entry points
// marked CUDARTAPI / CUDAAPI / CUDA_CB, and host_defines.h's marks. Each must compile, and each
// callback must then run on its stream in order.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      decoration macros: ok
// CHECK-NOT:  {{.}}

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

static int g_order[3];
static int g_calls = 0;

static void CUDART_CB AfterKernel(cudaStream_t, cudaError_t status, void* data) {
  g_order[g_calls++] = (status == cudaSuccess ? 10 : -1) + *static_cast<int*>(data);
}
static void CUDART_CB HostStep(void* data) { g_order[g_calls++] = 20 + *static_cast<int*>(data); }

typedef cudaError_t CUDARTAPI SyncFn(void);
typedef void(CUDA_CB* DriverHostFn)(void* userData);
typedef CUresult CUDAAPI DriverInitFn(unsigned int flags);

struct __device_builtin__ __builtin_align__(16) Quad {
  float v[4];
};
static_assert(alignof(Quad) == 16, "__builtin_align__ aligns");

__global__ void __maxnreg__(32) Fill(int* out) { out[threadIdx.x] = static_cast<int>(threadIdx.x) + 1; }

__no_return__ static void Fail(const char* what) {
  std::printf("FAIL %s\n", what);
  std::exit(1);
}

int main() {
  int* d = nullptr;
  if (cudaMalloc(&d, 4 * sizeof(int)) != cudaSuccess) Fail("cudaMalloc");
  cudaStream_t s;
  if (cudaStreamCreate(&s) != cudaSuccess) Fail("cudaStreamCreate");
  int one = 1, two = 2, three = 3;
  Fill<<<1, 4, 0, s>>>(d);
  if (cudaStreamAddCallback(s, AfterKernel, &one, 0) != cudaSuccess) Fail("cudaStreamAddCallback");
  if (cudaLaunchHostFunc(s, HostStep, &two) != cudaSuccess) Fail("cudaLaunchHostFunc");
  DriverHostFn as_driver = HostStep;
  if (cudaLaunchHostFunc(s, as_driver, &three) != cudaSuccess) Fail("cudaLaunchHostFunc (CUDA_CB)");
  SyncFn* sync = &cudaDeviceSynchronize;
  if (sync() != cudaSuccess) Fail("cudaDeviceSynchronize");
  int h[4] = {};
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) Fail("cudaMemcpy");
  if (g_calls != 3 || g_order[0] != 11 || g_order[1] != 22 || g_order[2] != 23) Fail("callback order");
  if (h[0] != 1 || h[3] != 4) Fail("kernel");
  Quad q{};
  DriverInitFn* unused = nullptr;
  (void)unused;
  (void)q;
  cudaStreamDestroy(s);
  cudaFree(d);
  std::printf("decoration macros: ok\n");
  return 0;
}
