// A host C++ file that mixes the runtime and driver APIs: memory from cudaMalloc, the driver that
// the runtime initialised and the context it made current, the driver's memory information, and a
// kernel found and launched through the driver with a runtime stream.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  float* v = nullptr;
  const int n = 256;
  if (cudaMalloc(&v, n * sizeof(float)) != cudaSuccess) return 2;
  float host[256];
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
  cudaMemcpy(v, host, sizeof host, cudaMemcpyHostToDevice);
  // No cuInit: the runtime's first call initialised the driver.
  CUcontext current = nullptr, primary = nullptr;
  cuCtxGetCurrent(&current);
  cuDevicePrimaryCtxRetain(&primary, 0);
  std::printf("current context is the primary one: %s\n", current == primary && current != nullptr ? "yes" : "no");
  size_t free = 0, total = 0;
  std::printf("cuMemGetInfo: %s\n", cuMemGetInfo(&free, &total) == CUDA_SUCCESS && free <= total ? "ok" : "failed");
  CUmodule module;
  CUfunction negate;
  cuModuleLoad(&module, "vector_kernels.ptx");
  if (cuModuleGetFunction(&negate, module, "_Z6negatePfi") != CUDA_SUCCESS) return 3;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  int count = n;
  void* args[] = {&v, &count};
  const CUresult r = cuLaunchKernel(negate, 1, 1, 1, n, 1, 1, 0, stream, args, nullptr);
  cudaStreamSynchronize(stream);
  cudaMemcpy(host, v, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("launch: %d, v[5] = %g, runtime last error: %s\n", static_cast<int>(r), host[5],
              cudaGetErrorName(cudaGetLastError()));
  cudaStreamDestroy(stream);
  cudaFree(v);
  return 0;
}
