// A lockstep-era warp scan over a zero-padded volatile buffer: 32 zeros, then one value per lane,
// so every lane can add the slot `dist` below without a bounds test. Each round is one
// read-modify-write per lane and no __syncwarp, so lane i's read of its neighbour's slot races
// with the neighbour's write of it; volatile orders nothing between lanes (ITS-3).
// expect: warpsafe: data race
constexpr int kPad = 32;

__device__ int PaddedLockstepScan(volatile int* padded, int lane) {
  volatile int* mine = padded + kPad + lane;
  for (int dist = 1; dist < 32; dist *= 2) *mine = *mine + *(mine - dist);
  return *mine;
}

__global__ void ScanOnes(int* out) {
  __shared__ int padded[kPad + 32];
  const int lane = threadIdx.x;
  padded[lane] = 0;
  padded[kPad + lane] = 1;
  __syncwarp();  // padding and values are in place before the scan starts
  out[lane] = PaddedLockstepScan(padded, lane);
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, 32 * sizeof(int));
  ScanOnes<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
