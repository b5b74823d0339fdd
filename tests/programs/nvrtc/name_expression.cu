// A template kernel compiled at run time and found by name expressions: each expression added
// before the compile instantiates its kernel, nvrtcGetLoweredName gives the instantiation's
// mangled name, and the module finds the kernel by it (NVRTC-5).
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>

static const char* kSource = R"(
namespace ops {
template <typename T, int Factor>
__global__ void scale(T* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= Factor;
}
}  // namespace ops
)";

int main() {
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, kSource, "scale.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS) return 1;
  const char* expressions[] = {"&ops::scale<float, 3>", "ops::scale<int, 5>"};
  for (const char* e : expressions) nvrtcAddNameExpression(prog, e);
  const char* lowered = nullptr;
  std::printf("before compiling: %s\n", nvrtcGetErrorString(nvrtcGetLoweredName(prog, expressions[0], &lowered)));
  const nvrtcResult built = nvrtcCompileProgram(prog, 0, nullptr);
  std::printf("compile: %s\n", nvrtcGetErrorString(built));
  std::printf("an expression not added: %s\n",
              nvrtcGetErrorString(nvrtcGetLoweredName(prog, "ops::scale<char, 1>", &lowered)));
  size_t size = 0;
  nvrtcGetCUBINSize(prog, &size);
  char* image = new char[size];
  nvrtcGetCUBIN(prog, image);

  CUcontext context;
  CUmodule module;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&context, nullptr, 0, 0) != CUDA_SUCCESS) return 1;
  if (cuModuleLoadData(&module, image) != CUDA_SUCCESS) return 1;
  delete[] image;

  float f[4] = {1, 2, 3, 4};
  int i[4] = {1, 2, 3, 4};
  void* host[] = {f, i};
  for (int k = 0; k < 2; ++k) {
    if (nvrtcGetLoweredName(prog, expressions[k], &lowered) != NVRTC_SUCCESS) return 1;
    std::printf("%s -> %s\n", expressions[k], lowered);
    CUfunction kernel;
    if (cuModuleGetFunction(&kernel, module, lowered) != CUDA_SUCCESS) return 1;
    CUdeviceptr d;
    int n = 4;
    cuMemAlloc(&d, 16);
    cuMemcpyHtoD(d, host[k], 16);
    void* args[] = {&d, &n};
    if (cuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr) != CUDA_SUCCESS) return 1;
    cuMemcpyDtoH(host[k], d, 16);
  }
  nvrtcDestroyProgram(&prog);
  std::printf("floats %g %g %g %g, ints %d %d %d %d\n", f[0], f[1], f[2], f[3], i[0], i[1], i[2], i[3]);
  return 0;
}

// CHECK:      before compiling: NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION
// CHECK-NEXT: compile: NVRTC_SUCCESS
// CHECK-NEXT: an expression not added: NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID
// CHECK-NEXT: &ops::scale<float, 3> -> _ZN3ops5scaleIfLi3EEEvPT_i
// CHECK-NEXT: ops::scale<int, 5> -> _ZN3ops5scaleIiLi5EEEvPT_i
// CHECK-NEXT: floats 3 6 9 12, ints 5 10 15 20
// CHECK-NOT:  {{.}}
