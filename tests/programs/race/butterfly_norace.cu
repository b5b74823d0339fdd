// butterfly_race.cu with the missing __syncwarp: each round reads the partner's slot, waits until
// the whole warp has read, writes its own slot, and waits again (SYNCWARP-2). Clean under every
// schedule; the sum 0 + 1 + ... + 31 is checked.
__global__ void ButterflySum(int* out) {
  __shared__ int slot[32];
  const int lane = threadIdx.x;
  slot[lane] = lane;
  __syncwarp();
  for (int bit = 16; bit >= 1; bit /= 2) {
    const int partner = slot[lane ^ bit];
    __syncwarp();
    slot[lane] += partner;
    __syncwarp();
  }
  if (lane == 0) *out = slot[0];
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, sizeof(int));
  ButterflySum<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  int sum = 0;
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  return sum == 31 * 32 / 2 ? 0 : 1;
}
