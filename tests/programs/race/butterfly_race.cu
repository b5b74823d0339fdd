// A butterfly sum in shared memory with one __syncwarp per round instead of two: a lane writes its
// slot right after reading its partner's, while the partner may not have read this lane's slot yet
// (SYNCWARP-2).
// expect: warpsafe: data race
__global__ void ButterflySum(int* out) {
  __shared__ int slot[32];
  const int lane = threadIdx.x;
  slot[lane] = lane;
  __syncwarp();
  for (int bit = 16; bit >= 1; bit /= 2) {
    const int partner = slot[lane ^ bit];
    slot[lane] += partner;  // the partner may still have to read this slot
    __syncwarp();
  }
  if (lane == 0) *out = slot[0];
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, sizeof(int));
  ButterflySum<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
