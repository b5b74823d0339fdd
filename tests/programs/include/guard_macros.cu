// Code that tests CUDA's include-guard and version macros to decide what to declare, as the
// error-checking helpers that many CUDA projects carry do: every declaration below exists only if
// the engine's headers define the macro it is guarded by, so a missing macro is a compile error.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | FileCheck %s
// CHECK-NOT:  {{.}}
// CHECK:      guard macros: ok
// CHECK-NOT:  {{.}}

#include <cuda_runtime.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <device_launch_parameters.h>
#include <math_constants.h>

#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
static const char* ErrorText(cudaError_t e) { return cudaGetErrorName(e); }
#endif

#ifdef __CUDA_RUNTIME_H__
template <typename T>
static void Check(T result, const char* what, int line) {
  if (result) {
    std::fprintf(stderr, "error at line %d: %s (%s)\n", line, what, ErrorText(result));
    std::exit(1);
  }
}
#define CHECK(call) Check((call), #call, __LINE__)

static int PickDevice() {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  CHECK(cudaSetDevice(0));
  return count;
}
#endif

#if defined(__CUDA_RUNTIME_API_H__) && defined(__VECTOR_TYPES_H__) && defined(__DEVICE_TYPES_H__)
static int2 Pair() { return make_int2(3, 4); }
#endif

#if defined(__CUDA_FP16_H__) && defined(__CUDA_FP16_TYPES_EXIST__)
typedef __half Half;
#endif
#if defined(__CUDA_BF16_H__) && defined(__CUDA_BF16_TYPES_EXIST__)
typedef __nv_bfloat16 Bf16;
#endif
#if defined(__DEVICE_LAUNCH_PARAMETERS_H__) && defined(__MATH_CONSTANTS_H__) && defined(__cuda_cuda_h__)
static const bool kAllGuards = true;
#endif

#if !defined(CUDART_VERSION) || CUDART_VERSION != 13000
#error "CUDART_VERSION should name CUDA 13.0"
#endif
#if !defined(CUDA_VERSION) || CUDA_VERSION != CUDART_VERSION
#error "CUDA_VERSION should be the release of CUDART_VERSION"
#endif
#if !defined(__CUDART_API_VERSION) || __CUDART_API_VERSION < 12000
#error "__CUDART_API_VERSION should be defined"
#endif
#if !defined(__HOST_DEFINES_H__)
#error "__HOST_DEFINES_H__ should say that __host__ and __device__ are defined"
#endif
#if !defined(__CUDACC__)
#error "__CUDACC__ should be defined"
#endif

__global__ void Add(int* out, Half h, Bf16 b) { out[threadIdx.x] += static_cast<int>(__half2float(h) + __bfloat162float(b)); }

int main() {
  int* d = nullptr;
  CHECK(cudaMalloc(&d, 4 * sizeof(int)));
  CHECK(cudaMemset(d, 0, 4 * sizeof(int)));
  Add<<<1, 4>>>(d, __float2half(1.0f), __float2bfloat16(2.0f));
  CHECK(cudaGetLastError());
  int h[4];
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  int runtime = 0;
  CHECK(cudaRuntimeGetVersion(&runtime));
  const int2 p = Pair();
  const bool ok = PickDevice() == 1 && runtime == CUDART_VERSION && kAllGuards && h[0] == 3 && h[3] == 3 &&
                  p.x + p.y == 7;
  std::printf("guard macros: %s\n", ok ? "ok" : "wrong");
  return ok ? 0 : 1;
}
