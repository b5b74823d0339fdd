// Zeroing the temporary storage of a single-pass kernel (tile states, ticket, counters) on its
// stream, just before the kernel.
//
// A kernel rather than cudaMemsetAsync, as CUB does: on an H200, in front of select at 2^20 to
// 2^24 items the kernel took about 1-2 us less than the memset in most rounds (select double at
// 2^20: 0.95-1.03x CUB with the memset, 1.00-1.09x with the kernel), and in front of the scan the
// two were within their run-to-run spread (BENCHMARKS.md, `device_bench --clear`). Unaligned
// storage (a caller's offset pointer) takes the memset. The kernel also lets the pass after it
// start while it runs (detail/device_launch.cuh), which a memset cannot. The reduction, which
// clears one counter, keeps a memset: there the kernel cost more even with the reduction launched
// to overlap it (device/device_reduce.cuh).
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_CLEAR_CUH_
#define WARPSAFE_DETAIL_DEVICE_CLEAR_CUH_

#include <cstddef>
#include <cstdint>

#include "warpsafe/detail/config.cuh"
#include "warpsafe/detail/device_launch.cuh"

namespace warpsafe::detail {

inline constexpr int kClearThreads = 256;

// A template, so that every translation unit that includes this header may define it.
template <int kThreads = kClearThreads>
__global__ void __launch_bounds__(kThreads) ClearKernel(uint4* words, std::size_t count) {
  AllowDependentLaunch();  // the pass may start its blocks; they wait for these stores
  const std::size_t stride = std::size_t(gridDim.x) * kThreads;
  for (std::size_t i = std::size_t(blockIdx.x) * kThreads + threadIdx.x; i < count; i += stride)
    words[i] = make_uint4(0u, 0u, 0u, 0u);
}

// Sets `bytes` bytes at `p` to zero on `stream`. *by_kernel (if given): whether that was
// ClearKernel, which a pass may be launched to overlap (LaunchOverlapped).
inline cudaError_t ClearAsync(void* p, std::size_t bytes, cudaStream_t stream, bool* by_kernel = nullptr) {
  if (by_kernel != nullptr) *by_kernel = false;
  if (bytes == 0) return cudaSuccess;
  if (reinterpret_cast<std::uintptr_t>(p) % 16 != 0 || bytes % 16 != 0) return cudaMemsetAsync(p, 0, bytes, stream);
  if (by_kernel != nullptr) *by_kernel = true;
  const std::size_t words = bytes / 16;
  const std::size_t wanted = (words + kClearThreads - 1) / kClearThreads;
  const unsigned blocks = unsigned(wanted < 1024 ? wanted : 1024);  // grid-stride beyond 4 MB
  ClearKernel<><<<blocks, kClearThreads, 0, stream>>>(static_cast<uint4*>(p), words);
  return cudaPeekAtLastError();
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_CLEAR_CUH_
