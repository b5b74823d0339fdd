// The program that recorded the driver's behaviour the driver API tests compare against, run on an
// NVIDIA H200 (driver 580.159.04, CUDA 13.0) on 2026-11-26:
//   nvcc -arch=sm_90 -o driver_probe driver_probe.cu -lcuda && nvcc -arch=sm_90 -fatbin -o probe.fatbin driver_probe.cu
//   ./driver_probe
// Its "E code|name|text" lines are driver_error_strings.txt; its "B call -> code name" and "P" lines
// are driver_probe_results.txt, which the tests of contexts, modules, memory and launches cite. Not
// built by CMake.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
extern "C" __global__ void k_add(int* p, int v) { p[threadIdx.x] += v; }
__global__ void k_cpp(int* p) { p[0] = 7; }
__device__ int g_dev[4];
__constant__ float g_const[2];
static void show(const char* what, CUresult r) {
  const char* n = nullptr; const char* s = nullptr;
  cuGetErrorName(r, &n); cuGetErrorString(r, &s);
  printf("B %s -> %d %s\n", what, (int)r, n ? n : "(null)");
}
int main() {
  for (int c = 0; c <= 1000; ++c) {
    const char* n = nullptr; const char* s = nullptr;
    CUresult a = cuGetErrorName((CUresult)c, &n);
    CUresult b = cuGetErrorString((CUresult)c, &s);
    if (a == CUDA_SUCCESS) printf("E %d|%s|%s\n", c, n, s ? s : "(null)");
    else if (c == 1000) printf("E1000 rc %d %d %p %p\n", (int)a, (int)b, (void*)n, (void*)s);
  }
  int v = -1;
  show("cuDriverGetVersion before init", cuDriverGetVersion(&v)); printf("V %d\n", v);
  int cnt = -1; show("cuDeviceGetCount before init", cuDeviceGetCount(&cnt));
  CUdeviceptr d0 = 0; show("cuMemAlloc before init", cuMemAlloc(&d0, 16));
  show("cuInit(1)", cuInit(1));
  show("cuInit(0)", cuInit(0));
  show("cuInit(0) again", cuInit(0));
  CUcontext cur = (CUcontext)1; show("cuCtxGetCurrent no ctx", cuCtxGetCurrent(&cur)); printf("P cur %p\n", (void*)cur);
  show("cuMemAlloc no ctx", cuMemAlloc(&d0, 16));
  size_t fr = 0, to = 0; show("cuMemGetInfo no ctx", cuMemGetInfo(&fr, &to));
  CUdevice dev = -1; show("cuDeviceGet(5)", cuDeviceGet(&dev, 5)); show("cuDeviceGet(0)", cuDeviceGet(&dev, 0));
  char name[256]; show("cuDeviceGetName", cuDeviceGetName(name, 256, dev)); printf("N %s\n", name);
  int val = 0; show("attr bad", cuDeviceGetAttribute(&val, (CUdevice_attribute)100000, dev));
  show("attr dev 3", cuDeviceGetAttribute(&val, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 3));
  CUcontext ctx = nullptr; CUctxCreateParams cp{}; (void)cp;
  show("cuCtxCreate", cuCtxCreate(&ctx, nullptr, 0, dev));
  show("cuCtxGetCurrent", cuCtxGetCurrent(&cur)); printf("P created==cur %d\n", cur == ctx);
  CUcontext primary = nullptr; show("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain(&primary, dev)); printf("P primary==created %d\n", primary == ctx);
  unsigned flags = 99; int active = -1; show("PrimaryCtxGetState", cuDevicePrimaryCtxGetState(dev, &flags, &active)); printf("P state %u %d\n", flags, active);
  CUmodule mod = nullptr; show("cuModuleLoad missing", cuModuleLoad(&mod, "/nonexistent.fatbin"));
  show("cuModuleLoadData garbage", cuModuleLoadData(&mod, "garbage"));
  show("cuModuleLoad", cuModuleLoad(&mod, "probe.fatbin"));
  CUfunction f = nullptr; show("GetFunction missing", cuModuleGetFunction(&f, mod, "nope"));
  show("GetFunction k_cpp plain", cuModuleGetFunction(&f, mod, "k_cpp"));
  show("GetFunction k_cpp mangled", cuModuleGetFunction(&f, mod, "_Z5k_cppPi"));
  show("GetFunction k_add", cuModuleGetFunction(&f, mod, "k_add"));
  CUdeviceptr gp = 0; size_t gs = 0;
  show("GetGlobal g_dev", cuModuleGetGlobal(&gp, &gs, mod, "g_dev")); printf("P gsize %zu\n", gs);
  show("GetGlobal g_const", cuModuleGetGlobal(&gp, &gs, mod, "g_const")); printf("P gsize %zu\n", gs);
  show("GetGlobal missing", cuModuleGetGlobal(&gp, &gs, mod, "zz"));
  show("GetGlobal null size", cuModuleGetGlobal(&gp, nullptr, mod, "g_dev"));
  CUdeviceptr d = 0; show("cuMemAlloc", cuMemAlloc(&d, 32 * sizeof(int)));
  show("cuMemAlloc 0", cuMemAlloc(&d0, 0));
  show("cuMemsetD32", cuMemsetD32(d, 1, 32));
  int vv = 5; void* args[] = {&d, &vv};
  show("cuLaunchKernel", cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr));
  show("cuLaunchKernel block too big", cuLaunchKernel(f, 1, 1, 1, 2048, 1, 1, 0, nullptr, args, nullptr));
  struct { CUdeviceptr p; int v; } buf = {d, 10}; size_t bs = sizeof buf;
  void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &bs, CU_LAUNCH_PARAM_END};
  show("cuLaunchKernel extra", cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, extra));
  show("cuCtxSynchronize", cuCtxSynchronize());
  int h[32]; show("cuMemcpyDtoH", cuMemcpyDtoH(h, d, sizeof h)); printf("P h0 %d\n", h[0]);
  show("cuMemcpyHtoD bad dptr", cuMemcpyHtoD((CUdeviceptr)0x1234, h, 4));
  show("cuMemcpyDtoH null host", cuMemcpyDtoH(nullptr, d, 4));
  show("cuMemFree bad", cuMemFree((CUdeviceptr)0x1234));
  show("cuMemFree 0", cuMemFree(0));
  show("cuMemFree", cuMemFree(d));
  show("cuMemFree twice", cuMemFree(d));
  CUcontext popped = nullptr; show("cuCtxPopCurrent", cuCtxPopCurrent(&popped)); printf("P popped==ctx %d\n", popped == ctx);
  show("cuCtxPopCurrent empty", cuCtxPopCurrent(&popped));
  show("cuCtxGetCurrent after pop", cuCtxGetCurrent(&cur)); printf("P cur %p\n", (void*)cur);
  show("cudaFree(0)", (CUresult)cudaFree(0));
  show("cuCtxGetCurrent after runtime", cuCtxGetCurrent(&cur)); printf("P cur==primary %d\n", cur == primary);
  show("cuDevicePrimaryCtxGetState", cuDevicePrimaryCtxGetState(dev, &flags, &active)); printf("P state %u %d\n", flags, active);
  show("cuCtxDestroy", cuCtxDestroy(ctx));
  show("cuCtxDestroy again", cuCtxDestroy(ctx));
  show("cuCtxPushCurrent null", cuCtxPushCurrent(nullptr));
  return 0;
}
