// scope_block_atomic_race.cu with device-scope atomics: release (fence, then atomic) and acquire
// (atomic, then fence) order the message (SCOPE-1, SCOPE-2).
// Block 0 passes a message to block 1 through a flag: device-scope atomics and fences.
__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    __threadfence();
    atomicExch(&flag, 1);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (atomicAdd(&flag, 0) == 0) {
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
