// A program that reads its kernel from a file and names the program by the file's path, as
// cuda-samples' *_nvrtc samples do: the kernel's quoted #include is found beside the file, and
// assert is there without an #include (NVRTC-4). The working directory is this test's folder.
// RUN: cd %S && %warpsafe run %s 2>&1 | FileCheck %s
#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

int main() {
  const char* path = "Inputs/scale_kernel.cu";
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  const std::string source = text.str();
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, source.c_str(), path, 0, nullptr, nullptr) != NVRTC_SUCCESS) return 1;
  const nvrtcResult r = nvrtcCompileProgram(prog, 0, nullptr);
  size_t size = 0;
  nvrtcGetProgramLogSize(prog, &size);
  std::string log(size, '\0');
  nvrtcGetProgramLog(prog, &log[0]);
  std::printf("compile: %s, log of %zu bytes\n", nvrtcGetErrorString(r), size);
  if (r != NVRTC_SUCCESS) {
    std::printf("%s", log.c_str());
    return 1;
  }
  nvrtcGetCUBINSize(prog, &size);
  std::string cubin(size, '\0');
  nvrtcGetCUBIN(prog, &cubin[0]);
  nvrtcDestroyProgram(&prog);

  CUcontext context;
  CUmodule module;
  CUfunction scale;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&context, nullptr, 0, 0) != CUDA_SUCCESS) return 1;
  if (cuModuleLoadData(&module, cubin.data()) != CUDA_SUCCESS) return 1;
  if (cuModuleGetFunction(&scale, module, "scale") != CUDA_SUCCESS) return 1;
  float host[3] = {1.0f, 2.5f, -3.0f};
  CUdeviceptr d;
  int n = 3;
  cuMemAlloc(&d, sizeof host);
  cuMemcpyHtoD(d, host, sizeof host);
  void* args[] = {&d, &n};
  cuLaunchKernel(scale, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr);
  cuMemcpyDtoH(host, d, sizeof host);
  std::printf("%g %g %g\n", host[0], host[1], host[2]);
  return 0;
}

// CHECK:      compile: NVRTC_SUCCESS, log of 1 bytes
// CHECK-NEXT: 4 10 -12
// CHECK-NOT:  {{.}}
