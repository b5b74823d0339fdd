// Kernels for the SASS instruction count of the three warp scan forms (int, inclusive sum, one
// hardware warp of 32), the CUDA Handbook's listings 13-19 to 13-21 on sm_90, and CUB's for
// reference. `<form>_1` loads one int, scans it once and stores it; `<form>_2` scans the result a
// second time. bench/gpu/sass_count.py counts each kernel's main path (up to its first EXIT), so
// `_2 - _1` is the marginal cost of one scan and `_1 - baseline - (_2 - _1)` its one-time setup
// (the logical warp's member mask and the convergence check that a run-time mask brings;
// `*_whole` are the forms with WarpContract::kWholeWarps, whose member mask is the constant 0xffffffff).
#include <cub/warp/warp_scan.cuh>

#include <warpsafe/warp.cuh>

using warpsafe::WarpScan;
using warpsafe::WarpScanAlgorithm;

extern "C" __global__ void baseline(const int* in, int* out) { out[threadIdx.x] = in[threadIdx.x]; }

#define WARPSAFE_SASS_KERNELS(NAME, ...)                                        \
  extern "C" __global__ void NAME##_1(const int* in, int* out) {                \
    using Scan = WarpScan<int, 32, __VA_ARGS__>;                                \
    __shared__ Scan::TempStorage temp[32];                                      \
    const Scan scan(temp[threadIdx.x / 32]);                                    \
    out[threadIdx.x] = scan.InclusiveSum(in[threadIdx.x]);                      \
  }                                                                             \
  extern "C" __global__ void NAME##_2(const int* in, int* out) {                \
    using Scan = WarpScan<int, 32, __VA_ARGS__>;                                \
    __shared__ Scan::TempStorage temp[32];                                      \
    const Scan scan(temp[threadIdx.x / 32]);                                    \
    out[threadIdx.x] = scan.InclusiveSum(scan.InclusiveSum(in[threadIdx.x]));   \
  }

WARPSAFE_SASS_KERNELS(shuffle, WarpScanAlgorithm::kShuffle)
WARPSAFE_SASS_KERNELS(shuffle_whole, WarpScanAlgorithm::kShuffle, warpsafe::WarpContract::kWholeWarps)
WARPSAFE_SASS_KERNELS(smem_zero_padded, WarpScanAlgorithm::kSmemZeroPadded)
WARPSAFE_SASS_KERNELS(smem_guarded, WarpScanAlgorithm::kSmemGuarded)
WARPSAFE_SASS_KERNELS(smem_zero_padded_whole, WarpScanAlgorithm::kSmemZeroPadded, warpsafe::WarpContract::kWholeWarps)
WARPSAFE_SASS_KERNELS(smem_guarded_whole, WarpScanAlgorithm::kSmemGuarded, warpsafe::WarpContract::kWholeWarps)

extern "C" __global__ void cub_1(const int* in, int* out) {
  using Scan = cub::WarpScan<int>;
  __shared__ Scan::TempStorage temp[32];
  int a;
  Scan(temp[threadIdx.x / 32]).InclusiveSum(in[threadIdx.x], a);
  out[threadIdx.x] = a;
}
extern "C" __global__ void cub_2(const int* in, int* out) {
  using Scan = cub::WarpScan<int>;
  __shared__ Scan::TempStorage temp[32];
  int a, b;
  Scan(temp[threadIdx.x / 32]).InclusiveSum(in[threadIdx.x], a);
  Scan(temp[threadIdx.x / 32]).InclusiveSum(a, b);
  out[threadIdx.x] = b;
}
