/* A host file in C that drives the device through the driver API alone, as programs that load
 * their kernels from a module do: initialise, create a context, find the kernel by name, allocate,
 * copy, launch with a parameter array, copy back and compare with the host's own result. Then a
 * function the engine does not provide, whose message names this file's line, and a kernel that
 * breaks a warp rule when asked (argv[1] = "defect"), reported at its cuLaunchKernel line. */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                      \
  do {                                                                   \
    CUresult status_ = (call);                                           \
    if (status_ != CUDA_SUCCESS) {                                       \
      const char* name_ = 0;                                             \
      cuGetErrorName(status_, &name_);                                   \
      printf("%s failed: %s\n", #call, name_ ? name_ : "?");             \
      return 1;                                                          \
    }                                                                    \
  } while (0)

enum { kN = 1000 };

static int RunDefect(void) {
  CUmodule module;
  CUfunction sum;
  CUdeviceptr v;
  void* args[1];
  CHECK(cuModuleLoad(&module, "kernels.cubin"));
  CHECK(cuModuleGetFunction(&sum, module, "half_warp_sum"));
  CHECK(cuMemAlloc(&v, 32 * sizeof(int)));
  CHECK(cuMemsetD32(v, 1, 32));
  args[0] = &v;
  CHECK(cuLaunchKernel(sum, 1, 1, 1, 32, 1, 1, 0, 0, args, 0));
  CHECK(cuCtxSynchronize());
  return 0;
}

int main(int argc, char** argv) {
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction saxpy;
  CUdeviceptr x, y;
  CUlinkState link;
  CUresult unsupported;
  static float hx[kN], hy[kN], expected[kN];
  float a = 2.5f;
  int n = kN, i, mismatches = 0, major = 0, minor = 0;
  void* args[4];
  void (*get_function)(void) = 0;

  setvbuf(stdout, NULL, _IONBF, 0);
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDeviceComputeCapability(&major, &minor, device));
  CHECK(cuCtxCreate(&context, NULL, 0, device));
  if (argc > 1 && strcmp(argv[1], "defect") == 0) return RunDefect();
  CHECK(cuModuleLoadData(&module, "an image"));
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  /* The function's name without a call is the function itself. */
  get_function = (void (*)(void))cuModuleGetFunction;
  printf("C: compute capability %d.%d, kernel found: %s, function pointer: %s\n", major, minor,
         saxpy != 0 ? "yes" : "no", get_function != 0 ? "yes" : "no");

  for (i = 0; i < n; ++i) {
    hx[i] = (float)i;
    hy[i] = (float)(n - i);
    expected[i] = a * hx[i] + hy[i];
  }
  CHECK(cuMemAlloc(&x, n * sizeof(float)));
  CHECK(cuMemAlloc(&y, n * sizeof(float)));
  CHECK(cuMemcpyHtoD(x, hx, n * sizeof(float)));
  CHECK(cuMemcpyHtoD(y, hy, n * sizeof(float)));
  args[0] = &a;
  args[1] = &x;
  args[2] = &y;
  args[3] = &n;
  CHECK(cuLaunchKernel(saxpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(hy, y, n * sizeof(float)));
  for (i = 0; i < n; ++i) mismatches += hy[i] != expected[i];
  printf("C: saxpy of %d values through cuLaunchKernel: %d mismatches, y[999] = %g\n", n, mismatches, hy[999]);

  unsupported = cuLinkCreate(0, NULL, NULL, &link);
  printf("C: cuLinkCreate returned %d\n", (int)unsupported);
  CHECK(cuMemFree(x));
  CHECK(cuMemFree(y));
  CHECK(cuCtxDestroy(context));
  return 0;
}
