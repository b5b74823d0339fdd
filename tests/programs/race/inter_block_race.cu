// Every block writes the same global counter with a plain store: __syncthreads orders a block,
// never the grid.
// expect: warpsafe: data race
__global__ void last(int* out) {
  if (threadIdx.x == 0) *out = blockIdx.x;
  __syncthreads();
}

int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  last<<<4, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
