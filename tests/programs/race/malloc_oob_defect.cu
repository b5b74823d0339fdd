// The last thread reads one element past a cudaMalloc block (into its redzone).
// expect: warpsafe: out-of-bounds access
__global__ void copy(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];  // i + 1 == n for the last thread
}

int main() {
  const int n = 256;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 0, n * sizeof(int));
  copy<<<2, 128>>>(in, out, n);
  cudaDeviceSynchronize();
  return 0;
}
