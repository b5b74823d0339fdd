// memcpy_overlap_race.cu with the records placed side by side: the byte ranges do not overlap,
// and the barrier orders them before the read-back (MEM-1).
__global__ void Pack(const char* in, char* out) {
  __shared__ char buf[64];
  if (threadIdx.x == 0) __builtin_memcpy(buf, in, 12);
  if (threadIdx.x == 32) __builtin_memcpy(buf + 12, in + 12, 12);
  __syncthreads();
  if (threadIdx.x == 0) __builtin_memcpy(out, buf, 24);
}
int main() {
  char *in, *out;
  cudaMalloc(&in, 64);
  cudaMalloc(&out, 64);
  cudaMemset(in, 1, 64);
  Pack<<<1, 64>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  char host[24];
  cudaMemcpy(host, out, 24, cudaMemcpyDeviceToHost);
  for (char c : host) if (c != 1) return 2;
  return 0;
}
