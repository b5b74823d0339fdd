// A warp scan whose zero padding is written by other lanes than those reading it, with no
// __syncwarp in between: lane i reads s[i + 32 - 1], written by lane i - 1 (ITS-3).
// expect: warpsafe: data race
__global__ void scan(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = 0;
  s[32 + threadIdx.x] = 1;
  const int v = s[32 + threadIdx.x - 1];
  out[threadIdx.x] = v;
}

int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  scan<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
