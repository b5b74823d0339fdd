// cufftXt.h's typed single-GPU calls: a plan made by cufftXtMakePlanMany from data types and
// 64-bit sizes computes what the classic plan of the same transform computes, cufftXtExec runs
// it, and a type combination the engine's cuFFT lacks (half precision) is CUFFT_NOT_SUPPORTED.
// RUN: %warpsafe run %s 2>&1 | FileCheck %s
// CHECK:      c2c batch 2: make 0 exec 0 same as cufftPlanMany: yes
// CHECK-NEXT: r2c: make 0 exec 0 same as cufftPlan1d: yes
// CHECK-NEXT: z2z inverse: make 0 exec 0 same as cufftPlan1d: yes
// CHECK-NEXT: half: 16
// CHECK-NOT:  {{.}}

#include <cufftXt.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

template <class T>
static T* Device(const std::vector<T>& host) {
  T* d = nullptr;
  if (cudaMalloc(&d, host.size() * sizeof(T)) != cudaSuccess) return nullptr;
  cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

template <class T>
static std::vector<T> Host(const T* d, std::size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

template <class T>
static bool Same(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

int main() {
  const int n = 12, batch = 2;
  {
    std::vector<cufftComplex> in(n * batch);
    for (int i = 0; i < n * batch; ++i) in[i] = make_cuFloatComplex(std::sin(0.3f * i), 0.25f * i);
    cufftComplex *a = Device(in), *b = Device(in);
    cufftHandle xt, classic;
    cufftCreate(&xt);
    long long sizes[1] = {n};
    size_t work = 0;
    const cufftResult made =
        cufftXtMakePlanMany(xt, 1, sizes, nullptr, 1, n, CUDA_C_32F, nullptr, 1, n, CUDA_C_32F, batch, &work, CUDA_C_32F);
    const cufftResult ran = cufftXtExec(xt, a, a, CUFFT_FORWARD);
    int n32[1] = {n};
    cufftPlanMany(&classic, 1, n32, nullptr, 1, n, nullptr, 1, n, CUFFT_C2C, batch);
    cufftExecC2C(classic, b, b, CUFFT_FORWARD);
    std::printf("c2c batch 2: make %d exec %d same as cufftPlanMany: %s\n", made, ran,
                Same(Host(a, n * batch), Host(b, n * batch)) ? "yes" : "no");
    cufftDestroy(xt);
    cufftDestroy(classic);
    cudaFree(a);
    cudaFree(b);
  }
  {
    std::vector<float> in(n);
    for (int i = 0; i < n; ++i) in[i] = std::cos(0.7f * i) + i;
    float* x = Device(in);
    cufftComplex *a = nullptr, *b = nullptr;
    cudaMalloc(&a, (n / 2 + 1) * sizeof(cufftComplex));
    cudaMalloc(&b, (n / 2 + 1) * sizeof(cufftComplex));
    cufftHandle xt, classic;
    cufftCreate(&xt);
    long long sizes[1] = {n};
    size_t work = 0;
    const cufftResult made =
        cufftXtMakePlanMany(xt, 1, sizes, nullptr, 1, 0, CUDA_R_32F, nullptr, 1, 0, CUDA_C_32F, 1, &work, CUDA_C_32F);
    const cufftResult ran = cufftXtExec(xt, x, a, CUFFT_FORWARD);
    cufftPlan1d(&classic, n, CUFFT_R2C, 1);
    cufftExecR2C(classic, x, b);
    std::printf("r2c: make %d exec %d same as cufftPlan1d: %s\n", made, ran,
                Same(Host(a, n / 2 + 1), Host(b, n / 2 + 1)) ? "yes" : "no");
    cufftDestroy(xt);
    cufftDestroy(classic);
    cudaFree(x);
    cudaFree(a);
    cudaFree(b);
  }
  {
    std::vector<cufftDoubleComplex> in(n);
    for (int i = 0; i < n; ++i) in[i] = make_cuDoubleComplex(1.0 / (i + 1), -0.5 * i);
    cufftDoubleComplex *a = Device(in), *b = Device(in);
    cufftHandle xt, classic;
    cufftCreate(&xt);
    long long sizes[1] = {n};
    size_t work = 0;
    const cufftResult made =
        cufftXtMakePlanMany(xt, 1, sizes, nullptr, 1, 0, CUDA_C_64F, nullptr, 1, 0, CUDA_C_64F, 1, &work, CUDA_C_64F);
    const cufftResult ran = cufftXtExec(xt, a, a, CUFFT_INVERSE);
    cufftPlan1d(&classic, n, CUFFT_Z2Z, 1);
    cufftExecZ2Z(classic, b, b, CUFFT_INVERSE);
    std::printf("z2z inverse: make %d exec %d same as cufftPlan1d: %s\n", made, ran,
                Same(Host(a, n), Host(b, n)) ? "yes" : "no");
    cufftDestroy(xt);
    cufftDestroy(classic);
    cudaFree(a);
    cudaFree(b);
  }
  {
    cufftHandle xt;
    cufftCreate(&xt);
    long long sizes[1] = {n};
    size_t work = 0;
    std::printf("half: %d\n", cufftXtMakePlanMany(xt, 1, sizes, nullptr, 1, 0, CUDA_C_16F, nullptr, 1, 0, CUDA_C_16F,
                                                  1, &work, CUDA_C_16F));
    cufftDestroy(xt);
  }
  return 0;
}
