// A saxpy compiled at run time: NVRTC builds the source string (and the header handed to it with
// the source) into an image, the driver API loads it, finds the extern "C" kernel by its name and
// launches it (NVRTC-1, NVRTC-2, NVRTC-4).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

static const char* kSource = R"(
#include "axpy_op.h"
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = axpy(a, x[i], y[i]);
}
)";
static const char* kHeader = "__device__ inline float axpy(float a, float x, float y) { return a * x + y; }\n";
static const char* kHeaderName = "axpy_op.h";

#define NVRTC_OK(call)                                                              \
  do {                                                                              \
    nvrtcResult r_ = (call);                                                        \
    if (r_ != NVRTC_SUCCESS) {                                                      \
      std::printf("%s failed: %s\n", #call, nvrtcGetErrorString(r_));               \
      return 1;                                                                     \
    }                                                                               \
  } while (0)
#define CU_OK(call)                                                                 \
  do {                                                                              \
    if ((call) != CUDA_SUCCESS) {                                                   \
      std::printf("%s failed\n", #call);                                            \
      return 1;                                                                     \
    }                                                                               \
  } while (0)

int main() {
  nvrtcProgram prog;
  NVRTC_OK(nvrtcCreateProgram(&prog, kSource, "saxpy.cu", 1, &kHeader, &kHeaderName));
  const char* options[] = {"--gpu-architecture=compute_90", "-default-device", "--fmad=false"};
  NVRTC_OK(nvrtcCompileProgram(prog, 3, options));
  size_t ptx_size = 0;
  NVRTC_OK(nvrtcGetPTXSize(prog, &ptx_size));
  std::vector<char> ptx(ptx_size);
  NVRTC_OK(nvrtcGetPTX(prog, ptx.data()));
  NVRTC_OK(nvrtcDestroyProgram(&prog));
  std::printf("program destroyed: %s\n", prog == nullptr ? "yes" : "no");

  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction saxpy;
  CU_OK(cuInit(0));
  CU_OK(cuDeviceGet(&device, 0));
  CU_OK(cuCtxCreate(&context, nullptr, 0, device));
  CU_OK(cuModuleLoadDataEx(&module, ptx.data(), 0, nullptr, nullptr));
  CU_OK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  CUfunction missing;
  std::printf("a kernel it does not define: %s\n",
              cuModuleGetFunction(&missing, module, "daxpy") == CUDA_ERROR_NOT_FOUND ? "not found" : "found");

  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  CUdeviceptr dx, dy;
  CU_OK(cuMemAlloc(&dx, n * sizeof(float)));
  CU_OK(cuMemAlloc(&dy, n * sizeof(float)));
  CU_OK(cuMemcpyHtoD(dx, x.data(), n * sizeof(float)));
  CU_OK(cuMemcpyHtoD(dy, y.data(), n * sizeof(float)));
  float a = 2.0f;
  int count = n;
  void* args[] = {&a, &dx, &dy, &count};
  CU_OK(cuLaunchKernel(saxpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CU_OK(cuCtxSynchronize());
  CU_OK(cuMemcpyDtoH(y.data(), dy, n * sizeof(float)));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != 2.0f * i + 1.0f;
  std::printf("y[999] = %.1f, %d wrong\n", y[999], wrong);
  CU_OK(cuModuleUnload(module));
  return wrong == 0 ? 0 : 1;
}

// The note is on stderr, unbuffered; the program's lines come when it ends.
// CHECK:      warpsafe note: cuModuleGetFunction at [[FILE]]:[[@LINE-27]]: the runtime-compiled program has no kernel "daxpy"; a kernel is found by its symbol's name: declare it extern "C", or ask for the lowered name of its name expression (nvrtcGetLoweredName)
// CHECK-NEXT: program destroyed: yes
// CHECK-NEXT: a kernel it does not define: not found
// CHECK-NEXT: y[999] = 1999.0, 0 wrong
// CHECK-NOT:  {{.}}
