// The twin of block_scope_atomic_race.cu with cuda::thread_scope_device: the release store and the
// acquire load synchronize the two blocks, so the message is ordered and nothing races (SCOPE-2).
// RUN: %warpsafe check %s --policy random --schedules 4 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 4 schedules (policies random, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

#include <cuda/atomic>

__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(flag);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    f.store(1, cuda::memory_order_release);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    *out = message;
  }
}

int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  pass<<<2, 32>>>(out);
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  return h == 42 ? 0 : 1;
}
