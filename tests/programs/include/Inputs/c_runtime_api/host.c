/* A host file in C that drives the device through the runtime API, as a benchmark's timing and
 * setup code often is: its types are named as CUDA's C headers name them (struct tags, typedefs for
 * cudaError_t, the vector types and dim3), and every argument is passed, C having no defaults. */
#include <stdio.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <driver_functions.h>
#include <vector_types.h>
#include "layouts.h"

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t status_ = (call);                                                     \
    if (status_ != cudaSuccess) {                                                     \
      printf("%s failed: %s\n", #call, cudaGetErrorString(status_));                  \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

struct CLayouts CLayoutsOfC(void) {
  struct CLayouts l;
  l.device_prop = sizeof(struct cudaDeviceProp);
  l.pitched_ptr = sizeof(struct cudaPitchedPtr);
  l.dim3_size = sizeof(dim3);
  l.float4_size = sizeof(float4);
  l.int2_align = _Alignof(int2);
  l.double2_align = _Alignof(double2);
  l.float3_size = sizeof(float3);
  l.error_size = sizeof(cudaError_t);
  return l;
}

int RunFromC(int n) {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  struct cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("C: %d device, compute capability %d.%d, warp size %d\n", count, prop.major, prop.minor, prop.warpSize);

  float* host = NULL;
  CHECK(cudaMallocHost((void**)&host, n * sizeof(float)));
  for (int i = 0; i < n; ++i) host[i] = (float)i;
  float* device = NULL;
  CHECK(cudaMalloc((void**)&device, n * sizeof(float)));
  CHECK(cudaMemset(device, 0, n * sizeof(float)));

  cudaStream_t stream;
  cudaEvent_t start, stop;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start, stream));
  CHECK(cudaMemcpyAsync(device, host, n * sizeof(float), cudaMemcpyHostToDevice, stream));
  dim3 block = {64, 1, 1};
  dim3 grid = {(unsigned)(n + 63) / 64, 1, 1};
  float4 scale = make_float4(2.0f, 0.0f, 0.0f, 1.0f);
  CHECK(LaunchScale(device, n, scale.x, grid, block, stream));
  CHECK(cudaMemcpyAsync(host, device, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaEventRecord(stop, stream));
  CHECK(cudaEventSynchronize(stop));
  float ms = -1.0f;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("C: scaled %d values: %g %g %g, elapsed time %s\n", n, host[0], host[1], host[n - 1], ms >= 0.0f ? "measured" : "missing");

  struct cudaExtent extent = make_cudaExtent(4, 3, 2);
  printf("C: extent %zu x %zu x %zu\n", extent.width, extent.height, extent.depth);

  cudaError_t bad = cudaSetDevice(7);
  printf("C: cudaSetDevice(7): %s (%s)\n", cudaGetErrorName(bad), cudaGetErrorString(cudaGetLastError()));

  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(device));
  CHECK(cudaFreeHost(host));
  return 0;
}
