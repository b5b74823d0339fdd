// Code written before CUDA 9: warp reduction, scan and votes with the mask-less intrinsics. Built for
// an architecture before Volta (nvcc's -arch=sm_52 runs as sm_60, warpsafe's --arch sm_60), each
// call acts on the lanes that execute it together (LEGACY-2), under every schedule: the whole warp
// on a straight path, the lanes of a branch inside it, the lanes that exist in a partial warp.
// RUN: %warpsafe run %s -arch=sm_52 --schedule lockstep 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --arch sm_60 --schedule random --seed 1 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --arch sm_60 --schedule random --seed 7 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --arch sm_60 --schedule pct --seed 3 2>&1 | FileCheck %s
// RUN: %warpsafe run %s --arch sm_60 --schedule runahead --seed 2 2>&1 | FileCheck %s
// CHECK:      sum ok
// CHECK-NEXT: scan ok
// CHECK-NEXT: max 94
// CHECK-NEXT: ballot 0x55555555 0x00005555 odd 0xaaaaaaaa any 1 0 all 1 0
// CHECK-NEXT: broadcast 64
// CHECK-NOT:  {{.}}
#include <cstdio>

constexpr int kThreads = 96 + 16;  // three whole warps and a partial one of 16 lanes

__global__ void k(const int* in, int* sums, int* scan, int* max_out, unsigned* votes, int* bcast) {
  const int t = threadIdx.x, lane = t & 31;
  int v = in[t];
  // Tree reduction down the warp; the partial warp's shuffles read only its 16 lanes.
  const int width = t >= 96 ? 16 : 32;
  int s = v;
  for (int d = width / 2; d > 0; d /= 2) s += __shfl_down(s, d, width);
  // Kogge-Stone inclusive scan.
  int x = v;
  for (int d = 1; d < 32; d *= 2) {
    const int y = __shfl_up(x, d);
    if (lane >= d) x += y;
  }
  scan[t] = x;
  // Butterfly maximum: every lane ends with the warp's maximum.
  float m = static_cast<float>(v);
  for (int d = 16; d > 0; d /= 2) m = fmaxf(m, __shfl_xor(m, d, width));
  if (t == 0) max_out[0] = static_cast<int>(m);
  if (lane == 0) sums[t / 32] = s;
  // Votes: the whole warp, then only the odd lanes inside a branch (the lanes that run it).
  const unsigned even = __ballot((lane & 1) == 0);
  unsigned odd = 0;
  if (lane & 1) odd = __ballot(1);
  const int any3 = __any(lane == 3), any_big = __any(lane > 40);
  const int all_small = __all(lane < 32), all_low = __all(lane < 16);
  if (t == 0) {
    votes[0] = even, votes[2] = any3, votes[3] = any_big, votes[4] = all_small, votes[5] = all_low;
  }
  if (t == 1) votes[1] = odd;
  if (t == 96) votes[6] = even;  // the partial warp: lanes 16-31 do not exist
  bcast[t] = __shfl(t, 0);
}

int main() {
  int *in, *sums, *scan, *max_out, *bcast;
  unsigned* votes;
  cudaMallocManaged(&in, kThreads * sizeof(int));
  cudaMallocManaged(&sums, 4 * sizeof(int));
  cudaMallocManaged(&scan, kThreads * sizeof(int));
  cudaMallocManaged(&max_out, sizeof(int));
  cudaMallocManaged(&votes, 7 * sizeof(unsigned));
  cudaMallocManaged(&bcast, kThreads * sizeof(int));
  for (int t = 0; t < kThreads; ++t) in[t] = (t * 37) % 97 + (t & 1);
  k<<<1, kThreads>>>(in, sums, scan, max_out, votes, bcast);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  int want[4] = {0, 0, 0, 0};
  for (int t = 0; t < kThreads; ++t) want[t / 32] += in[t];
  bool sums_ok = true;
  for (int w = 0; w < 4; ++w) sums_ok = sums_ok && sums[w] == want[w];
  std::printf("sum %s\n", sums_ok ? "ok" : "wrong");
  bool scan_ok = true;
  for (int w = 0; w < 3; ++w) {
    int acc = 0;
    for (int l = 0; l < 32; ++l) scan_ok = scan_ok && scan[w * 32 + l] == (acc += in[w * 32 + l]);
  }
  std::printf("scan %s\n", scan_ok ? "ok" : "wrong");
  int mx = 0;
  for (int l = 0; l < 32; ++l) mx = in[l] > mx ? in[l] : mx;
  std::printf("max %d\n", max_out[0] == mx ? mx : -1);
  std::printf("ballot 0x%08x 0x%08x odd 0x%08x any %u %u all %u %u\n", votes[0], votes[6], votes[1], votes[2], votes[3],
              votes[4], votes[5]);
  bool b = true;
  for (int t = 0; t < kThreads; ++t) b = b && bcast[t] == (t / 32) * 32;
  std::printf("broadcast %d\n", b ? 64 : -1);
  return 0;
}
