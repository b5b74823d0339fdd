// A kernel launched with cuLaunchKernel runs on the engine's launch path: a warp defect in it is
// reported as for a <<<>>> launch, naming the kernel and the cuLaunchKernel line.
// RUN: %expect-exit 66 %warpsafe run %s %S/Inputs/vector_kernels.cu --schedule random --seed 1 2>&1 | FileCheck %s -DFILE=%s
#include <cuda.h>

int main() {
  CUcontext ctx;
  CUmodule module;
  CUfunction sum;
  CUdeviceptr v;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&ctx, nullptr, 0, 0) != CUDA_SUCCESS) return 2;
  if (cuModuleLoadData(&module, "an image") != CUDA_SUCCESS) return 2;
  if (cuModuleGetFunction(&sum, module, "half_warp_sum") != CUDA_SUCCESS) return 2;
  if (cuMemAlloc(&v, 32 * sizeof(int)) != CUDA_SUCCESS || cuMemsetD32(v, 1, 32) != CUDA_SUCCESS) return 2;
  void* args[] = {&v};
  cuLaunchKernel(sum, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr);
  // CHECK:      warpsafe: caller not named in its own mask
  // CHECK-NEXT:   in kernel half_warp_sum (launched at [[FILE]]:[[@LINE-2]]), block (0,0,0), thread ([[#LANE:]],0,0) (warp 0, lane {{[0-9]+}})
  // CHECK-NEXT:   at {{.*}}Inputs/vector_kernels.cu:20: __shfl_down_sync with mask 0x0000ffff
  // CHECK-NEXT:   lane [[#LANE]] executes it, but the mask does not name lane [[#LANE]]; CUDA leaves the result undefined (docs/semantics.md, SYNC-MASK)
  // CHECK-NEXT:   replay: {{.*}}warpsafe run [[FILE]] {{.*}}Inputs/vector_kernels.cu --schedule random --seed 1 --arch sm_90
  // CHECK-NOT:  {{.}}
  return 0;
}
