// Kernels named like standard algorithms in a program that says `using namespace std`: the launch
// resolves the name as a call does (nvcc's launch is one), and the kernel's address that the launch
// and the registration take picks the kernel out of the overloads std brings.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      fill 7 copy 7 transform 14 by address 21
// CHECK-NEXT: ok
// CHECK-NOT:  {{.}}

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace std;

__global__ void fill(float* out, int n, float value) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}

__global__ void copy(const float* in, float* out, int n);

__global__ void transform(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * in[i];
}

int main() {
  const int n = 1000;
  float *a = nullptr, *b = nullptr, *c = nullptr;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&c, n * sizeof(float));
  fill<<<(n + 255) / 256, 256>>>(a, n, 7.0f);
  const float* source = a;
  copy<<<(n + 255) / 256, 256>>>(source, b, n);
  transform<<<(n + 255) / 256, 256>>>(b, c, n);
  // The host's own std::fill and std::copy still resolve as they always did.
  vector<float> host(n), doubled(n);
  std::fill(host.begin(), host.end(), 0.0f);
  cudaMemcpy(host.data(), b, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(doubled.data(), c, n * sizeof(float), cudaMemcpyDeviceToHost);
  vector<float> copied(n);
  std::copy(host.begin(), host.end(), copied.begin());
  // A launch by address: the registration found the kernel among std's overloads too.
  void (*kernel)(float*, int, float) = fill;
  float value = 21.0f;
  int count = n;
  void* args[] = {&a, &count, &value};
  cudaLaunchKernel(reinterpret_cast<const void*>(kernel), dim3((n + 255) / 256), dim3(256), args, 0, nullptr);
  float last = 0;
  cudaMemcpy(&last, a + n - 1, sizeof last, cudaMemcpyDeviceToHost);
  std::printf("fill %g copy %g transform %g by address %g\n", copied[0], copied[n - 1], doubled[n / 2], last);
  const bool ok = copied[0] == 7 && copied[n - 1] == 7 && doubled[n / 2] == 14 && last == 21;
  std::printf(ok ? "ok\n" : "FAILED\n");
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return ok ? 0 : 1;
}

__global__ void copy(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
