// `warpsafe check` of a driver API program: a kernel launched with cuLaunchKernel is explored and
// race-checked as any launch, and a copy the driver rejects is the invalid copy it is (API-2),
// named by the driver call.
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s %S/Inputs/vector_kernels.cu --schedules 3 2>&1 | FileCheck %s -DFILE=%s
// RUN: %expect-exit 66 %warpsafe check %s %S/Inputs/vector_kernels.cu -DBAD_COPY --schedules 3 2>&1 | FileCheck %s -DFILE=%s --check-prefix=COPY
#include <cuda.h>

int main() {
  CUcontext ctx;
  CUmodule module;
  CUfunction reverse;
  CUdeviceptr v;
  int host[64] = {};
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&ctx, nullptr, 0, 0) != CUDA_SUCCESS) return 2;
  if (cuModuleLoad(&module, "vector_kernels.fatbin") != CUDA_SUCCESS) return 2;
  if (cuModuleGetFunction(&reverse, module, "reverse_racy") != CUDA_SUCCESS) return 2;
  if (cuMemAlloc(&v, sizeof host) != CUDA_SUCCESS || cuMemcpyHtoD(v, host, sizeof host) != CUDA_SUCCESS) return 2;
#ifdef BAD_COPY
  cuMemcpyDtoH(host, v + sizeof host, sizeof host);
#else
  void* args[] = {&v};
  cuLaunchKernel(reverse, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
#endif
  return cuCtxSynchronize() == CUDA_SUCCESS ? 0 : 3;
}

// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel reverse_racy (launched at [[FILE]]:[[@LINE-6]]:3), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at {{.*}}Inputs/vector_kernels.cu:29: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at {{.*}}Inputs/vector_kernels.cu:28: previous write of 4 bytes by block (0,0,0), thread (63,0,0) (warp 1, lane 31)
// CHECK-NEXT:   shared memory: {{.*}} at {{.*}}Inputs/vector_kernels.cu:27:{{[0-9]+}} (256 bytes) at +252
// CHECK-NEXT:   the threads are in warps 1 and 0 of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] {{.*}}Inputs/vector_kernels.cu --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}

// COPY:      warpsafe: invalid memory copy
// COPY-NEXT:   at [[FILE]]:[[@LINE-19]]: cuMemcpyDtoH of 256 bytes, cudaMemcpyDeviceToHost, returned cudaErrorInvalidValue
// COPY-NEXT:   the source is not device memory (a host pointer: not from cudaMalloc, cudaMallocManaged, cudaMallocHost/cudaHostAlloc, cudaHostRegister or a __device__ variable)
// COPY-NEXT:   on a GPU nothing is copied; a program that ignores the error computes with stale data (API-2)
// COPY-NEXT:   replay: {{.*}}warpsafe check [[FILE]] {{.*}}Inputs/vector_kernels.cu --schedules 0 --arch sm_90 -D BAD_COPY
// COPY-NOT:  {{.}}
