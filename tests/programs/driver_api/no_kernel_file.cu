// A driver API program built without the .cu file of its kernels: on a GPU the module file holds
// them; warpsafe builds them from source, so the lookup fails with CUDA_ERROR_NOT_FOUND, and a note
// says why and what to pass.
// RUN: %expect-exit 1 %warpsafe run %s 2>&1 | FileCheck %s -DFILE=%s
#include <cuda.h>

#include <cstdio>

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  CUcontext ctx;
  CUmodule module;
  CUfunction f;
  if (cuInit(0) != CUDA_SUCCESS || cuCtxCreate(&ctx, nullptr, 0, 0) != CUDA_SUCCESS) return 2;
  if (cuModuleLoad(&module, "kernels.fatbin") != CUDA_SUCCESS) return 2;
  const CUresult r = cuModuleGetFunction(&f, module, "vector_add");
  // CHECK: warpsafe note: cuModuleGetFunction at [[FILE]]:[[@LINE-1]]: the program has no kernel "vector_add" (it defines no kernel); warpsafe builds kernels from the .cu files it is given, not from module files: pass the one that defines it with the host file (warpsafe run main.cpp kernels.cu)
  const char* text = nullptr;
  cuGetErrorString(r, &text);
  std::printf("cuModuleGetFunction: %s\n", text);
  // CHECK-NEXT: cuModuleGetFunction: named symbol not found
  // CHECK-NOT: {{.}}
  return r == CUDA_ERROR_NOT_FOUND ? 1 : 0;
}
