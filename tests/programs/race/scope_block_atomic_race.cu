// expect: warpsafe: data race
// report: both are atomic, but the first is block-scoped.*the scope is too narrow
// Block 0 passes a message to block 1 through a flag: the flag's atomics are block-scoped
// (atomicExch_block, atomicAdd_block), which are atomic only among the threads of one block: across
// two blocks they race with each other like plain accesses (SCOPE-1). scope_device_atomic_norace.cu
// is the twin with device-scope atomics.
__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    __threadfence();
    atomicExch_block(&flag, 1);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (atomicAdd_block(&flag, 0) == 0) {
    }
    __threadfence();
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
