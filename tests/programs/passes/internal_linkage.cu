// Kernels and device variables with internal linkage (`static`, an unnamed namespace) are the
// device pass's, as nvcc compiles them: each kernel sees __CUDA_ARCH__ (800 under sm_80), and each
// variable is one object that kernels and the host's symbol calls share.
// RUN: %warpsafe run %s --arch sm_80 2>&1 | FileCheck %s
// CHECK:      static kernel: arch 800
// CHECK-NEXT: static kernel declared first: arch 800
// CHECK-NEXT: unnamed-namespace kernel: arch 800
// CHECK-NEXT: unnamed-namespace template: arch 800
// CHECK-NEXT: static after __global__: arch 800
// CHECK-NEXT: static __device__ counter: 10 (address 1)
// CHECK-NEXT: static __constant__ step: 5
// CHECK-NEXT: unnamed-namespace __device__ total: 64 (address 1)
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}

#include <cstdio>

__host__ __device__ int Arch() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return -1;  // the host pass's copy of a kernel ran
#endif
}

static __device__ int counter;
static __constant__ int step;

static __global__ void StaticKernel(int* out) { out[threadIdx.x] = Arch(); }

static __global__ void DeclaredFirst(int* out);

namespace {
__device__ int total;

__global__ void UnnamedKernel(int* out) {
  out[threadIdx.x] = Arch();
  atomicAdd(&total, 1);
}

template <int kScale>
__global__ void UnnamedTemplate(int* out) {
  out[threadIdx.x] = Arch() * kScale;
}
}  // namespace

// A kernel of external linkage on static variables: the variables alone must be joined.
__global__ void Bump() {
#ifdef __CUDA_ARCH__
  atomicAdd(&counter, step);
#endif
}

__global__ static void AlsoStatic(int* out) { out[threadIdx.x] = Arch(); }

int Launch(const char* what, void (*run)(int*), int scale = 1) {
  int* out = nullptr;
  cudaMallocManaged(&out, 32 * sizeof(int));
  run(out);
  cudaDeviceSynchronize();
  bool same = true;
  for (int i = 1; i < 32; ++i) same = same && out[i] == out[0];
  std::printf("%s: arch %d\n", what, same ? out[0] / scale : -2);
  const int arch = out[0] / scale;
  cudaFree(out);
  return arch == 800 ? 0 : 1;
}

int main() {
  int failures = 0;
  failures += Launch("static kernel", [](int* out) { StaticKernel<<<1, 32>>>(out); });
  failures += Launch("static kernel declared first", [](int* out) { DeclaredFirst<<<1, 32>>>(out); });
  failures += Launch("unnamed-namespace kernel", [](int* out) { UnnamedKernel<<<2, 32>>>(out); });
  failures += Launch("unnamed-namespace template", [](int* out) { UnnamedTemplate<3><<<1, 32>>>(out); }, 3);
  failures += Launch("static after __global__", [](int* out) { AlsoStatic<<<1, 32>>>(out); });

  const int start = 2, increment = 4;
  cudaMemcpyToSymbol(counter, &start, sizeof start);
  cudaMemcpyToSymbol(step, &increment, sizeof increment);
  Bump<<<1, 2>>>();
  int back = 0, through_address = 0;
  cudaMemcpyFromSymbol(&back, counter, sizeof back);
  int* address = nullptr;
  cudaGetSymbolAddress(reinterpret_cast<void**>(&address), counter);
  cudaMemcpy(&through_address, address, sizeof through_address, cudaMemcpyDeviceToHost);
  std::printf("static __device__ counter: %d (address %d)\n", back, address == &counter && through_address == back);
  int step_back = 0;
  cudaMemcpyFromSymbol(&step_back, step, sizeof step_back);
  std::printf("static __constant__ step: %d\n", step_back + 1);

  int sum = 0;
  cudaMemcpyFromSymbol(&sum, total, sizeof sum);
  int* total_address = nullptr;
  cudaGetSymbolAddress(reinterpret_cast<void**>(&total_address), total);
  std::printf("unnamed-namespace __device__ total: %d (address %d)\n", sum, total_address == &total);
  failures += back != 10 || sum != 64;
  std::printf(failures == 0 ? "ok\n" : "FAILED\n");
  return failures;
}

static __global__ void DeclaredFirst(int* out) { out[threadIdx.x] = Arch(); }
