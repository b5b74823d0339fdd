// block_order_bug.cu with the fence on both paths: whichever block claims first releases the value
// before publishing it, so every order and interleaving of the two blocks is race-free.
// RUN: %warpsafe check %s --schedules 60 --policy all 2>&1 | FileCheck %s
// CHECK:      warpsafe check: no defect in 60 schedules (policies random, pct, runahead, {{[0-9.]+}} s)
// CHECK-NOT:  {{.}}

__device__ int claim = 0;
__device__ int ready = 0;
__device__ int data = 0;

__global__ void handoff(int* out) {
  if (threadIdx.x != 0) return;
  if (atomicCAS(&claim, 0, 1) == 0) {
    data = 42 + static_cast<int>(blockIdx.x);
    __threadfence();
    atomicExch(&ready, 1);
  } else {
    while (atomicAdd(&ready, 0) == 0) {
    }
    __threadfence();
    out[blockIdx.x] = data;
  }
}

int main() {
  int* out;
  cudaMalloc(&out, 2 * sizeof(int));
  handoff<<<2, 32>>>(out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
