// Block 0 passes a message to block 1 through a flag. Without the fences the flag orders nothing.
// expect: warpsafe: data race
__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    
    atomicExch(&flag, 1);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (atomicAdd(&flag, 0) == 0) {
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
