// A block-wide inclusive scan whose warp step is inline PTX: shfl.sync.up with its predicate result,
// so a lane adds its neighbour's value only when that neighbour exists (no branch on the lane index).
// Written from the PTX ISA's description of shfl.sync's predicate result.
#include "probe.cuh"

constexpr int kBlock = 256;
constexpr int kBlocks = 3;

__device__ int WarpInclusiveScan(int x) {
  for (int offset = 1; offset < 32; offset *= 2) {
    asm("{\n\t"
        ".reg .s32 neighbour;\n\t"
        ".reg .pred has;\n\t"
        "shfl.sync.up.b32 neighbour|has, %0, %1, 0x0, 0xffffffff;\n\t"
        "@has add.s32 %0, %0, neighbour;\n\t"
        "}"
        : "+r"(x)
        : "r"(offset));
  }
  return x;
}

__global__ void BlockScan(const int* in, int* out) {
  __shared__ int warp_totals[kBlock / 32];
  const int t = threadIdx.x;
  unsigned lane, warp;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  warp = t / 32;
  int x = WarpInclusiveScan(in[blockIdx.x * kBlock + t]);
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();
  if (warp == 0) {
    int total = lane < kBlock / 32 ? warp_totals[lane] : 0;
    total = WarpInclusiveScan(total);
    if (lane < kBlock / 32) warp_totals[lane] = total;
  }
  __syncthreads();
  if (warp > 0) x += warp_totals[warp - 1];
  out[blockIdx.x * kBlock + t] = x;
}

int main() {
  int host_in[kBlock * kBlocks], expected[kBlock * kBlocks], host_out[kBlock * kBlocks];
  for (int b = 0; b < kBlocks; ++b) {
    int sum = 0;
    for (int i = 0; i < kBlock; ++i) {
      const int k = b * kBlock + i;
      host_in[k] = (k * 37 + 11) % 23 - 7;
      sum += host_in[k];
      expected[k] = sum;
    }
  }
  int* in = ProbeAlloc<int>(kBlock * kBlocks);
  int* out = ProbeAlloc<int>(kBlock * kBlocks);
  ProbeUpload(in, host_in, kBlock * kBlocks);
  BlockScan<<<kBlocks, kBlock>>>(in, out);
  PROBE_CHECK(cudaGetLastError());
  PROBE_CHECK(cudaMemcpy(host_out, out, sizeof(host_out), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int k = 0; k < kBlock * kBlocks; ++k) wrong += host_out[k] != expected[k];
  std::printf("predicate scan: %d of %d wrong; last sums %d %d %d\n", wrong, kBlock * kBlocks, host_out[kBlock - 1],
              host_out[2 * kBlock - 1], host_out[3 * kBlock - 1]);
  return wrong == 0 ? 0 : 1;
}
