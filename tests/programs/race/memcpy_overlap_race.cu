// expect: warpsafe: data race
// report: write of 12 bytes.*previous write of
// Two threads of different warps copy 12-byte records into overlapping places of one shared
// buffer with __builtin_memcpy, which the compiler keeps as a memory intrinsic: the copies are
// byte-range writes that overlap, with no __syncthreads between them (MEM-1).
__global__ void Pack(const char* in, char* out) {
  __shared__ char buf[64];
  if (threadIdx.x == 0) __builtin_memcpy(buf, in, 12);
  if (threadIdx.x == 32) __builtin_memcpy(buf + 8, in + 12, 12);  // bytes 8..11 overlap
  __syncthreads();
  if (threadIdx.x == 0) __builtin_memcpy(out, buf, 20);
}
int main() {
  char *in, *out;
  cudaMalloc(&in, 64);
  cudaMalloc(&out, 64);
  cudaMemset(in, 1, 64);
  Pack<<<1, 64>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
