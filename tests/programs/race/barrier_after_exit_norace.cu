// The defect-free twin of barrier_after_exit_defect.cu: every thread reaches the barrier, and the
// threads past the end of the data skip the work instead of returning.
__global__ void Reverse(const int* in, int* out, int n) {
  __shared__ int tile[64];
  const int i = threadIdx.x;
  if (i < n) tile[i] = in[i];
  __syncthreads();
  if (i < n) out[i] = tile[n - 1 - i];
}

int main() {
  const int n = 48;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 0, n * sizeof(int));
  Reverse<<<1, 64>>>(in, out, n);
  cudaDeviceSynchronize();
  return 0;
}
