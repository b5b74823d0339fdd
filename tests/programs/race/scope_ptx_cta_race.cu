// expect: warpsafe: data race
// report: the scope is too narrow
// Block 0 passes a message to block 1 through a flag: PTX fences of .cta scope (fence.acq_rel.cta) order
// only within the block, as __threadfence_block() does (SCOPE-3). scope_ptx_gpu_norace.cu is the twin
// with .gpu.
__device__ int flag;
__device__ int message;

__global__ void pass(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    message = 42;
    asm volatile("fence.acq_rel.cta;" ::: "memory");
    atomicExch(&flag, 1);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (atomicAdd(&flag, 0) == 0) {
    }
    asm volatile("fence.acq_rel.cta;" ::: "memory");
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
