// scope_ptx_cta_race.cu with fence.acq_rel.gpu: device-scope fences order the message (SCOPE-3).
// Block 0 passes a message to block 1 through a flag: PTX fences of .gpu scope.
__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
    atomicExch(&flag, 1);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (atomicAdd(&flag, 0) == 0) {
    }
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
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
