// Seed 000's butterfly reduction without the __syncwarp between the read of the partner's value
// and the write of one's own (SYNCWARP-2).
// expect: warpsafe: data race
__global__ void reduce(int* out) {
  __shared__ int s_buff[32];
  const unsigned tid = threadIdx.x;
  s_buff[tid] = tid;
  __syncwarp();
  for (int i = 16; i > 0; i /= 2) {
    const int temp = s_buff[tid ^ i];
    s_buff[tid] += temp;  // another lane may still be reading this slot
    __syncwarp();
  }
  if (tid == 0) *out = s_buff[0];
}

int main() {
  int* out;
  cudaMalloc(&out, sizeof(int));
  reduce<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
