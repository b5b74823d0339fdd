// A driver launch whose kernel fails an assert: cuLaunchKernel accepted the launch and returns
// CUDA_SUCCESS, and the failure is the sticky error the next synchronizing call returns, as on a
// GPU where the kernel runs after the launch call (DRV-8). cuda-samples' simpleAssert_nvrtc
// checks exactly this.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
#include <cuda.h>

#include <cassert>
#include <cstdio>

extern "C" __global__ void check_index(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < n);
}

static const char* Name(CUresult r) {
  const char* name = nullptr;
  cuGetErrorName(r, &name);
  return name;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // in order with the assert's message on stderr
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&context, nullptr, 0, 0) != CUDA_SUCCESS) return 1;
  if (cuModuleLoad(&module, "check_index.cubin") != CUDA_SUCCESS) return 1;
  if (cuModuleGetFunction(&kernel, module, "check_index") != CUDA_SUCCESS) return 1;
  int n = 40;
  void* args[] = {&n};
  std::printf("launch: %s\n", Name(cuLaunchKernel(kernel, 2, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr)));
  std::printf("synchronize: %s\n", Name(cuCtxSynchronize()));
  std::printf("next launch: %s\n", Name(cuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr)));
  return 0;
}

// The kernel's message comes as the kernel runs, within the launch call.
// CHECK:      [[FILE]]:[[@LINE-26]]: void check_index(int): block: [1,0,0], thread: [{{[0-9]+}},0,0] Assertion `i < n` failed.
// CHECK-NEXT: launch: CUDA_SUCCESS
// CHECK-NEXT: synchronize: CUDA_ERROR_ASSERT
// CHECK-NEXT: next launch: CUDA_ERROR_ASSERT
// CHECK-NOT:  {{.}}
