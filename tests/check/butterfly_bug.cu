// expect: warpsafe: data race
// A butterfly (XOR) reduction through shared memory with no __syncwarp: a lane reads its
// partner's slot while the partner may already have overwritten it with the next level's value.
// The result is not checked: the race is the finding (butterfly_ok.cu is the repaired twin).
__global__ void reduce(const int* in, int* out) {
  __shared__ int s[32];
  const int lane = threadIdx.x & 31;
  int v = in[lane];
  s[lane] = v;
  for (int i = 16; i >= 1; i /= 2) {
    v += s[lane ^ i];
    s[lane] = v;
  }
  out[lane] = v;
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = 31 - i;
  reduce<<<1, 32>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
