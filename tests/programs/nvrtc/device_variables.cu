// The variables of code compiled at run time: cuModuleGetGlobal finds a __constant__ array, a
// `static` __device__ counter by its own name and a namespace's variable by its name expression's
// lowered name; copies to and from them are copies of device memory, and the kernel sees what the
// host wrote (NVRTC-2, NVRTC-5).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>

static const char* kSource = R"(
__constant__ float coeff[4];
static __device__ int counter;
namespace cfg { __device__ int offset; }
extern "C" __global__ void poly(float* out) {
  float x = threadIdx.x;
  out[threadIdx.x] = coeff[0] + x * (coeff[1] + x * (coeff[2] + x * coeff[3])) + cfg::offset;
  atomicAdd(&counter, 1);
}
)";

int main() {
  nvrtcProgram prog;
  nvrtcCreateProgram(&prog, kSource, "poly.cu", 0, nullptr, nullptr);
  nvrtcAddNameExpression(prog, "&cfg::offset");
  if (nvrtcCompileProgram(prog, 0, nullptr) != NVRTC_SUCCESS) return 1;
  const char* offset_name = nullptr;
  nvrtcGetLoweredName(prog, "&cfg::offset", &offset_name);
  std::printf("&cfg::offset -> %s\n", offset_name);
  size_t size = 0;
  nvrtcGetPTXSize(prog, &size);
  char* ptx = new char[size];
  nvrtcGetPTX(prog, ptx);

  CUcontext context;
  CUmodule module;
  CUfunction poly;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&context, nullptr, 0, 0) != CUDA_SUCCESS) return 1;
  if (cuModuleLoadData(&module, ptx) != CUDA_SUCCESS || cuModuleGetFunction(&poly, module, "poly") != CUDA_SUCCESS)
    return 1;
  CUdeviceptr coeff, counter, offset;
  size_t coeff_bytes = 0, counter_bytes = 0;
  CUresult r1 = cuModuleGetGlobal(&coeff, &coeff_bytes, module, "coeff");
  CUresult r2 = cuModuleGetGlobal(&counter, &counter_bytes, module, "counter");
  CUresult r3 = cuModuleGetGlobal(&offset, nullptr, module, offset_name);
  std::printf("coeff %d (%zu bytes), counter %d (%zu bytes), offset %d\n", r1, coeff_bytes, r2, counter_bytes, r3);
  const float c[4] = {1, 2, 0, 1};
  const int ten = 10;
  std::printf("copies: %d %d\n", cuMemcpyHtoD(coeff, c, sizeof c), cuMemcpyHtoD(offset, &ten, sizeof ten));
  CUdeviceptr out;
  cuMemAlloc(&out, 4 * sizeof(float));
  void* args[] = {&out};
  cuLaunchKernel(poly, 1, 1, 1, 4, 1, 1, 0, nullptr, args, nullptr);
  cuLaunchKernel(poly, 1, 1, 1, 4, 1, 1, 0, nullptr, args, nullptr);
  float host[4];
  int launched = 0;
  cuMemcpyDtoH(host, out, sizeof host);
  std::printf("copy back: %d\n", cuMemcpyDtoH(&launched, counter, sizeof launched));
  std::printf("out %g %g %g %g, counter %d\n", host[0], host[1], host[2], host[3], launched);
  CUdeviceptr none;
  std::printf("no such variable: %d\n", cuModuleGetGlobal(&none, nullptr, module, "coefficients"));
  return 0;
}

// CHECK:      warpsafe note: cuModuleGetGlobal at [[FILE:.*]]device_variables.cu:[[@LINE-4]]: the runtime-compiled program has no variable "coefficients" (variables are found by their symbols' names)
// CHECK-NEXT: &cfg::offset -> _ZN3cfg6offsetE
// CHECK-NEXT: coeff 0 (16 bytes), counter 0 (4 bytes), offset 0
// CHECK-NEXT: copies: 0 0
// CHECK-NEXT: copy back: 0
// CHECK-NEXT: out 11 14 23 44, counter 8
// CHECK-NEXT: no such variable: 500
// CHECK-NOT:  {{.}}
