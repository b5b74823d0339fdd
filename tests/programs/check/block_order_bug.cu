// expect: warpsafe: data race
// Two blocks hand a value over: the first to claim the slot writes it and publishes it, the other
// waits for it and reads it. Only block 0's path fences before publishing, so the race needs block
// 1 to claim first: found only when the schedule runs block 1 before block 0 (BLOCK-1, BLOCK-2;
// docs/semantics/block_order.md). block_order_ok.cu is the twin that fences on both paths.
__device__ int claim = 0;
__device__ int ready = 0;
__device__ int data = 0;

__global__ void handoff(int* out) {
  if (threadIdx.x != 0) return;
  if (atomicCAS(&claim, 0, 1) == 0) {
    data = 42 + static_cast<int>(blockIdx.x);
    if (blockIdx.x == 0) __threadfence();
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
