// scan_warp_volatile_race.cu made correct: each round reads the slot `dist` below into a
// register, waits at __syncwarp until the whole warp has read, writes its own slot, and waits
// again before the next round (SYNCWARP-2). No report under any schedule; the sums are checked.
constexpr int kPad = 32;

__device__ int PaddedSyncedScan(int* padded, int lane) {
  int* mine = padded + kPad + lane;
  for (int dist = 1; dist < 32; dist *= 2) {
    const int below = *(mine - dist);
    __syncwarp();
    *mine += below;
    __syncwarp();
  }
  return *mine;
}

__global__ void ScanOnes(int* out) {
  __shared__ int padded[kPad + 32];
  const int lane = threadIdx.x;
  padded[lane] = 0;
  padded[kPad + lane] = 1;
  __syncwarp();
  out[lane] = PaddedSyncedScan(padded, lane);
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, 32 * sizeof(int));
  ScanOnes<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int sums[32];
  cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; ++i) {
    if (sums[i] != i + 1) return 1;
  }
  return 0;
}
