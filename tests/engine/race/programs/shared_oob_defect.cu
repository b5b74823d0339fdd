// Seed 000's reduction as the older Guide printed it (docs/semantics.md, A11): s_buff[tid + i]
// reads past the end of the __shared__ array for tid + i >= BSIZE.
// expect: warpsafe: out-of-bounds access
#define BSIZE 128
__global__ void reduce(const float* in, float* out) {
  __shared__ float s_buff[BSIZE];
  const unsigned tid = threadIdx.x;
  s_buff[tid] = in[tid];
  __syncthreads();
  for (int i = BSIZE / 2; i > 32; i /= 2) {
    s_buff[tid] += s_buff[tid + i];
    __syncthreads();
  }
  if (tid == 0) *out = s_buff[0];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, BSIZE * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(in, 0, BSIZE * sizeof(float));
  reduce<<<1, BSIZE>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
