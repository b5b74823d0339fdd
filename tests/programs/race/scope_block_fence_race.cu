// expect: warpsafe: data race
// report: scope_block_fence_race.cu:[0-9:]+ the scope is too narrow: this block-scoped synchronisation
// Block 0 passes a message to block 1 through a flag: the atomics are device-scoped, but both
// fences are __threadfence_block(), which orders memory only as the threads of its own block observe
// it: the consumer in block 1 is not ordered after the message (SCOPE-2). scope_device_fence_norace.cu
// is the twin with __threadfence().
__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    __threadfence_block();
    atomicExch(&flag, 1);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (atomicAdd(&flag, 0) == 0) {
    }
    __threadfence_block();
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
