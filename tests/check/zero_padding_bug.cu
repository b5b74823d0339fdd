// expect: warpsafe: data race
// A Kogge-Stone warp scan over a zero-padded shared array (32 zeros, then the data), so that no
// step needs a bounds test. Without __syncwarp a lane may read a slot (padding or data) that its
// neighbour writes in the same step. The result is not checked: the race is the finding
// (zero_padding_ok.cu is the repaired twin).
__global__ void scan(const int* in, int* out) {
  __shared__ int s[64];
  const int lane = threadIdx.x & 31;
  s[lane] = 0;
  s[32 + lane] = in[lane];
  for (int offset = 1; offset < 32; offset *= 2) s[32 + lane] += s[32 + lane - offset];
  out[lane] = s[32 + lane];
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = i % 3 + 1;
  scan<<<1, 32>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 2;
}
