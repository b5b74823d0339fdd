// The driver API end to end: a host program that initialises the driver, creates a context, loads a
// module, finds a kernel and a __constant__ variable in it by name, and launches the kernel with
// cuLaunchKernel, with its arguments as an array of pointers and as one packed buffer. The kernels
// live in their own .cu file, given with the host file, as a GPU program would load the module
// built from it. Then what a program gets wrong: a kernel name the program does not have, a C++
// kernel asked for by its plain name, a copy past an allocation, a double free.
// RUN: %warpsafe run %s %S/Inputs/vector_kernels.cu 2>&1 | FileCheck %s -DFILE=%s
#include <cuda.h>

#include <cstdio>
#include <cstring>

static const char* Name(CUresult r) {
  const char* name = nullptr;
  cuGetErrorName(r, &name);
  return name;
}

#define CHECK(call)                                           \
  do {                                                        \
    const CUresult r_ = (call);                               \
    if (r_ != CUDA_SUCCESS) {                                 \
      std::printf("%s failed: %s\n", #call, Name(r_));        \
      return 1;                                               \
    }                                                         \
  } while (0)

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // in order with the notes on stderr
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuCtxCreate(&ctx, nullptr, 0, dev));
  CUmodule module;
  CHECK(cuModuleLoad(&module, "vector_kernels.fatbin"));
  CUfunction add;
  CHECK(cuModuleGetFunction(&add, module, "vector_add"));
  CUdeviceptr scale;
  size_t scale_bytes = 0;
  CHECK(cuModuleGetGlobal(&scale, &scale_bytes, module, "scale"));
  const float two = 2.0f;
  CHECK(cuMemcpyHtoD(scale, &two, sizeof two));

  int n = 1000;
  float a[1000], b[1000], c[1000];
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(3 * i);
  }
  CUdeviceptr da, db, dc;
  CHECK(cuMemAlloc(&da, sizeof a));
  CHECK(cuMemAlloc(&db, sizeof b));
  CHECK(cuMemAlloc(&dc, sizeof c));
  CHECK(cuMemcpyHtoD(da, a, sizeof a));
  CHECK(cuMemcpyHtoD(db, b, sizeof b));
  void* args[] = {&da, &db, &dc, &n};
  CHECK(cuLaunchKernel(add, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(c, dc, sizeof c));
  int right = 0;
  for (int i = 0; i < n; ++i) right += c[i] == 8.0f * i;
  std::printf("vector_add: %d of %d right, scale is %zu bytes\n", right, n, scale_bytes);
  // CHECK: vector_add: 1000 of 1000 right, scale is 4 bytes

  // The same launch with its arguments packed: three pointers, then the int at offset 24.
  struct {
    CUdeviceptr a, b, c;
    int n;
  } packed = {db, da, dc, n};
  size_t packed_size = 28;
  void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE, &packed_size,
                   CU_LAUNCH_PARAM_END};
  CHECK(cuMemsetD32(dc, 0, n));
  CHECK(cuLaunchKernel(add, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, nullptr, extra));
  CHECK(cuMemcpyDtoH(c, dc, sizeof c));
  std::printf("packed: c[999] = %g\n", c[999]);
  // CHECK-NEXT: packed: c[999] = 7992

  CUfunction missing;
  CUresult r = cuModuleGetFunction(&missing, module, "vector_sub");
  // CHECK-NEXT: warpsafe note: cuModuleGetFunction at [[FILE]]:[[@LINE-1]]: the program has no kernel "vector_sub" (its kernels: _Z6negatePfi (negate), half_warp_sum, reverse_racy, vector_add); warpsafe builds kernels from the .cu files it is given, not from module files: pass the one that defines it with the host file (warpsafe run main.cpp kernels.cu)
  std::printf("vector_sub: %s\n", Name(r));
  // CHECK-NEXT: vector_sub: CUDA_ERROR_NOT_FOUND
  r = cuModuleGetFunction(&missing, module, "negate");
  // CHECK-NEXT: warpsafe note: cuModuleGetFunction at [[FILE]]:[[@LINE-1]]: no kernel's symbol is "negate"; negate has C++ linkage, so its symbol is _Z6negatePfi: ask for that name or declare the kernel extern "C", as on a GPU
  std::printf("negate: %s\n", Name(r));
  // CHECK-NEXT: negate: CUDA_ERROR_NOT_FOUND
  CUfunction negate;
  CHECK(cuModuleGetFunction(&negate, module, "_Z6negatePfi"));
  void* negate_args[] = {&dc, &n};
  CHECK(cuLaunchKernel(negate, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, negate_args, nullptr));
  CHECK(cuMemcpyDtoH(c, dc, sizeof c));
  std::printf("negate: c[1] = %g\n", c[1]);
  // CHECK-NEXT: negate: c[1] = -8

  r = cuMemcpyDtoH(c, dc + sizeof c, sizeof c);
  std::printf("copy past the allocation: %s\n", Name(r));
  // CHECK-NEXT: copy past the allocation: CUDA_ERROR_INVALID_VALUE
  CHECK(cuMemFree(dc));
  r = cuMemFree(dc);
  std::printf("second free: %s\n", Name(r));
  // CHECK-NEXT: second free: CUDA_ERROR_INVALID_VALUE
  CHECK(cuMemFree(da));
  CHECK(cuMemFree(db));
  CHECK(cuModuleUnload(module));
  CHECK(cuCtxDestroy(ctx));
  std::printf("done\n");
  // CHECK-NEXT: done
  // CHECK-NOT: {{.}}
  return 0;
}
