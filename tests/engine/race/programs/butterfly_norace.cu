// Seed 000's butterfly reduction as the Guide writes it: temp = s_buff[tid ^ i]; __syncwarp();
// s_buff[tid] += temp; __syncwarp(); (SYNCWARP-2).
__global__ void reduce(int* out) {
  __shared__ int s_buff[32];
  const unsigned tid = threadIdx.x;
  s_buff[tid] = tid;
  __syncwarp();
  for (int i = 16; i > 0; i /= 2) {
    const int temp = s_buff[tid ^ i];
    __syncwarp();
    s_buff[tid] += temp;
    __syncwarp();
  }
  if (tid == 0) *out = s_buff[0];
}

int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  reduce<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  int h = 0;
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  return h == 31 * 32 / 2 ? 0 : 1;
}
