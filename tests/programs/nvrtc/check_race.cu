// `warpsafe check` of a program whose kernel is compiled at run time: the runtime-compiled code is
// instrumented as the program is, so the race between its threads is found and named at the lines
// of the source string, in the file written for its build (NVRTC-6).
// REQUIRES: race-detector
// RUN: %expect-exit 66 %warpsafe check %s --schedules 2 2>&1 | FileCheck %s -DFILE=%s
#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>

static const char* kSource =
    "extern \"C\" __global__ void reverse(int* data) {\n"
    "  __shared__ int tile[64];\n"
    "  tile[threadIdx.x] = data[threadIdx.x];\n"
    "  data[threadIdx.x] = tile[63 - threadIdx.x];\n"
    "}\n";

int main() {
  nvrtcProgram prog;
  nvrtcCreateProgram(&prog, kSource, "reverse.cu", 0, nullptr, nullptr);
  if (nvrtcCompileProgram(prog, 0, nullptr) != NVRTC_SUCCESS) return 1;
  size_t size = 0;
  nvrtcGetPTXSize(prog, &size);
  char* ptx = new char[size];
  nvrtcGetPTX(prog, ptx);
  CUcontext context;
  CUmodule module;
  CUfunction reverse;
  CUdeviceptr data;
  int host[64] = {};
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&context, nullptr, 0, 0) != CUDA_SUCCESS) return 1;
  if (cuModuleLoadData(&module, ptx) != CUDA_SUCCESS) return 1;
  if (cuModuleGetFunction(&reverse, module, "reverse") != CUDA_SUCCESS) return 1;
  cuMemAlloc(&data, sizeof host);
  cuMemcpyHtoD(data, host, sizeof host);
  void* args[] = {&data};
  cuLaunchKernel(reverse, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
  return cuCtxSynchronize() == CUDA_SUCCESS ? 0 : 2;
}

// The sites are in the source as written for the build (its name under $TMPDIR/warpsafe-nvrtc-<uid>/<hash>/).
// CHECK:      warpsafe: data race
// CHECK-NEXT:   in kernel reverse (launched at [[FILE]]:[[@LINE-6]]:3), block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   in shared memory, between two threads with no happens-before between them:
// CHECK-NEXT:   at {{.*}}/warpsafe-nvrtc-{{[0-9]+}}/{{[0-9a-f]+}}/reverse.cu:4: read of 4 bytes by block (0,0,0), thread (0,0,0) (warp 0, lane 0)
// CHECK-NEXT:   at {{.*}}/warpsafe-nvrtc-{{[0-9]+}}/{{[0-9a-f]+}}/reverse.cu:3: previous write of 4 bytes by block (0,0,0), thread (63,0,0) (warp 1, lane 31)
// CHECK-NEXT:   shared memory: __shared__ declaration at {{.*}}/reverse.cu:2:{{[0-9]+}} (256 bytes) at +252
// CHECK-NEXT:   the threads are in warps 1 and 0 of one block: no __syncthreads() between the accesses (BAR-1)
// CHECK-NEXT:   replay: {{.*}}warpsafe check [[FILE]] --schedules 0 --arch sm_90
// CHECK-NOT:  {{.}}
