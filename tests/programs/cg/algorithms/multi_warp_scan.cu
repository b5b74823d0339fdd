// cg::inclusive_scan, cg::exclusive_scan and cg::reduce over tiles of 64, 128, 256 and 512 threads
// (thread_block_tile<N> for N above a warp): rank r of each tile gets op folded over ranks 0..r
// (inclusive) or 0..r-1 (exclusive, rank 0 a value-initialized T), every rank the whole tile's fold
// (CG-SCAN, CG-REDUCE, CG-TILE-LARGE). Values of 4 and 8 bytes; plus, greater and bit_xor.
// RUN: %warpsafe run %s --schedule lockstep --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 1 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 2 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 3 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 4 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 5 2>&1 | count 0
// RUN: %warpsafe run %s --schedule random --seed 77 2>&1 | count 0
// RUN: %warpsafe run %s --schedule pct --seed 1234 2>&1 | count 0

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
namespace cg = cooperative_groups;

constexpr int kBlock = 512;
constexpr int kFields = 6;

// Writes, for the tile of N threads the caller is in, six results per thread.
template <unsigned N>
__device__ void ScanTile(long long* o) {
  auto tile = cg::tiled_partition<N>(cg::this_thread_block());
  const int r = threadIdx.x;
  o[0] = cg::inclusive_scan(tile, r + 1);
  o[1] = cg::exclusive_scan(tile, r + 1);
  o[2] = cg::inclusive_scan(tile, (r * 37) % 101, cg::greater<int>());
  o[3] = cg::exclusive_scan(tile, 0x10000u + static_cast<unsigned>(r), cg::bit_xor<unsigned>());
  o[4] = static_cast<long long>(cg::inclusive_scan(tile, 1ull << 40 | static_cast<unsigned long long>(r)));
  o[5] = cg::reduce(tile, r, cg::plus<int>());
}

template <unsigned N>
__global__ void k(long long* out) {
  ScanTile<N>(out + threadIdx.x * kFields);
}

template <unsigned N>
bool Check(long long* out) {
  k<N><<<1, kBlock>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return false;
  for (int r = 0; r < kBlock; ++r) {
    const int first = r / static_cast<int>(N) * static_cast<int>(N);
    long long incl = 0, excl = 0, big = 0, sum = 0;
    int best = 0;
    unsigned x = 0;
    for (int s = first; s <= r; ++s) {
      incl += s + 1;
      if (s < r) excl += s + 1;
      best = s == first ? (s * 37) % 101 : (best > (s * 37) % 101 ? best : (s * 37) % 101);
      if (s < r) x ^= 0x10000u + static_cast<unsigned>(s);
      big += static_cast<long long>(1ull << 40 | static_cast<unsigned long long>(s));
    }
    for (int s = first; s < first + static_cast<int>(N); ++s) sum += s;
    const long long* o = out + r * kFields;
    const long long want[kFields] = {incl, excl, best, x, big, sum};
    for (int f = 0; f < kFields; ++f) {
      if (o[f] != want[f]) {
        std::printf("tile %u thread %d field %d: %lld, expected %lld\n", N, r, f, o[f], want[f]);
        return false;
      }
    }
  }
  return true;
}

int main() {
  long long* out;
  cudaMallocManaged(&out, kBlock * kFields * sizeof(long long));
  if (!Check<64>(out) || !Check<128>(out) || !Check<256>(out) || !Check<512>(out)) return 1;
  return 0;
}
