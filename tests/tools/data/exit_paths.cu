// A program that ends every way a host program can while engine state is still alive: streams,
// events and allocations never released, a static destructor that frees device memory and
// prints, an atexit handler that launches a kernel, and (with the argument "exit") exit() from
// main. Its output goes to a file or pipe (fully buffered): every line must arrive.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void fill(int* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}

struct Global {
  int* device = nullptr;
  ~Global() {
    std::printf("static destructor: cudaFree %s\n", cudaFree(device) == cudaSuccess ? "ok" : "failed");
  }
} g_global;

void AtExit() {
  int* d = nullptr;
  cudaMalloc(&d, 64 * sizeof(int));
  fill<<<2, 32>>>(d, 64);
  int host[64] = {};
  cudaMemcpy(host, d, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("atexit kernel: %s\n", host[63] == 63 ? "ok" : "wrong");
}

int main(int argc, char** argv) {
  std::atexit(AtExit);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaEvent_t event;
  cudaEventCreate(&event);
  cudaMalloc(&g_global.device, 1024 * sizeof(int));
  for (int i = 0; i < 2000; ++i) {
    if (i % 100 == 0) fill<<<8, 128, 0, stream>>>(g_global.device, 1024);
    std::printf("line %d\n", i);
  }
  cudaEventRecord(event, stream);
  if (argc > 1 && std::strcmp(argv[1], "exit") == 0) std::exit(0);
  return 0;
}
