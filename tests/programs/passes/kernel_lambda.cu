// Kernel templates instantiated with types that have no linkage: a `__device__` lambda with a
// capture, a `__host__ __device__` lambda, and a struct local to a function, each launched from a
// function that is not a template. Such an instantiation is internal in both passes' objects; it
// must still run the device pass's copy (internal_kernels.h), so the kernel and the lambda it calls
// both see __CUDA_ARCH__ (800 under sm_80), and the captures the host made reach it.
// RUN: %warpsafe run %s --arch sm_80 --schedule lockstep --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --arch sm_80 --schedule random --seed 2 2>&1 | FileCheck %s
// CHECK:      device lambda: kernel arch 800, lambda arch 800, value 47
// CHECK-NEXT: host-device lambda: kernel arch 800, lambda arch 800, value 12
// CHECK-NEXT: local functor: kernel arch 800, lambda arch 800, value 30
// CHECK-NEXT: from a static function: kernel arch 800, lambda arch 800, value 9
// CHECK-NEXT: launched in main: kernel arch 800, lambda arch 800, value 64
// CHECK-NOT:  {{.}}
#include <cstdio>

__host__ __device__ int Arch() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return 0;
#endif
}

struct Result {
  int kernel_arch, lambda_arch, value;
};

template <class F>
__global__ void Apply(F f, int x, Result* out) {
  int lambda_arch = 0;
  out->value = f(x, &lambda_arch);
  out->lambda_arch = lambda_arch;
  out->kernel_arch = Arch();
}

template <class F>
void Run(const char* what, F f, int x) {
  Result* r;
  cudaMallocManaged(&r, sizeof(Result));
  *r = Result{-1, -1, -1};
  Apply<<<1, 1>>>(f, x, r);
  cudaDeviceSynchronize();
  std::printf("%s: kernel arch %d, lambda arch %d, value %d\n", what, r->kernel_arch, r->lambda_arch, r->value);
  cudaFree(r);
}

static void FromStaticFunction() {
  const int three = 3;
  Run("from a static function", [=] __device__(int x, int* arch) { *arch = Arch(); return three * x; }, 3);
}

int main() {
  const int offset = 40;
  Run("device lambda", [=] __device__(int x, int* arch) { *arch = Arch(); return x + offset; }, 7);
  Run("host-device lambda", [] __host__ __device__(int x, int* arch) { *arch = Arch(); return 2 * x; }, 6);
  struct Times {
    int k;
    __device__ int operator()(int x, int* arch) const { *arch = Arch(); return k * x; }
  };
  Run("local functor", Times{5}, 6);
  FromStaticFunction();
  Result* r;
  cudaMallocManaged(&r, sizeof(Result));
  Apply<<<1, 1>>>([=] __device__(int x, int* arch) { *arch = Arch(); return x * x; }, 8, r);
  cudaDeviceSynchronize();
  std::printf("launched in main: kernel arch %d, lambda arch %d, value %d\n", r->kernel_arch, r->lambda_arch, r->value);
  return 0;
}
