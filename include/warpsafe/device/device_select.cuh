// DeviceSelect: stream compaction on the device in one pass. Flagged keeps the items whose flag is
// non-zero; If keeps the items for which a predicate holds. Kept items stay in input order; the
// number kept is written to *d_num_selected_out (device memory). Items of any trivially copyable
// type; 64-bit item counts. CUB's host API: a first call with d_temp_storage == nullptr sets
// temp_storage_bytes; the second runs on `stream`.
//
//   struct IsEven { __device__ bool operator()(int x) const { return x % 2 == 0; } };
//   warpsafe::DeviceSelect::If(nullptr, bytes, d_in, d_out, d_count, n, IsEven{});
//   cudaMalloc(&d_temp, bytes);
//   warpsafe::DeviceSelect::If(d_temp, bytes, d_in, d_out, d_count, n, IsEven{}, stream);
//
// d_out must have room for every item that may be kept (n at most) and must not overlap d_in.
#pragma once
#ifndef WARPSAFE_DEVICE_DEVICE_SELECT_CUH_
#define WARPSAFE_DEVICE_DEVICE_SELECT_CUH_

#include <cstddef>
#include <cstdint>

#include "warpsafe/detail/device_clear.cuh"
#include "warpsafe/detail/device_select_kernel.cuh"
#include "warpsafe/detail/device_tile_state.cuh"
#include "warpsafe/device/device_scan.cuh"

namespace warpsafe {

namespace detail {

template <class Policy, class Count, bool kVectorized, class T, class Decide, class NumSelected>
cudaError_t LaunchSelect(const T* d_in, Decide decide, T* d_out, NumSelected* d_num_selected_out,
                         std::int64_t num_items, std::int64_t tiles, const TileState<Count>& state, unsigned* ticket,
                         bool after_clear_kernel, cudaStream_t stream) {
  auto* kernel = DeviceSelectKernel<T, Decide, Count, NumSelected, Policy::kBlockThreads, Policy::kRows, kVectorized>;
  if (after_clear_kernel && CanLaunchOverlapped(kernel)) {
    return LaunchOverlapped(kernel, unsigned(tiles), unsigned(Policy::kBlockThreads), stream, d_in, decide, d_out,
                            d_num_selected_out, num_items, state, ticket);
  }
  DeviceSelectKernel<T, Decide, Count, NumSelected, Policy::kBlockThreads, Policy::kRows, kVectorized>
      <<<unsigned(tiles), Policy::kBlockThreads, 0, stream>>>(d_in, decide, d_out, d_num_selected_out, num_items,
                                                             state, ticket);
  return cudaPeekAtLastError();
}

// kOverlap: whether the pass may start while the clear before it runs (detail/device_launch.cuh);
// false only to measure what that gains.
template <class Policy, class Count, bool kOverlap = true, class T, class Decide, class NumSelected>
cudaError_t DispatchSelectCounted(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, Decide decide,
                                  T* d_out, NumSelected* d_num_selected_out, std::int64_t num_items,
                                  cudaStream_t stream) {
  using Tile = StripedTile<T, Policy::kBlockThreads, Policy::kRows>;
  const std::int64_t tiles = (num_items + Tile::kTileItems - 1) / Tile::kTileItems;
  if (tiles > 0x7fffffff) return cudaErrorInvalidValue;
  const std::size_t needed = LookBackStorage<Count>::Bytes(tiles);
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return cudaSuccess;
  }
  if (temp_storage_bytes < needed) return cudaErrorInvalidValue;
  if (num_items == 0) return cudaMemsetAsync(d_num_selected_out, 0, sizeof(NumSelected), stream);
  bool by_kernel = false;
  cudaError_t error = ClearAsync(d_temp_storage, needed, stream, &by_kernel);
  if (error != cudaSuccess) return error;
  const TileState<Count> state(d_temp_storage, tiles);
  unsigned* ticket = LookBackStorage<Count>::Ticket(d_temp_storage, tiles);
  const bool overlap = kOverlap && by_kernel;
  return reinterpret_cast<std::uintptr_t>(d_in) % 16 == 0
             ? LaunchSelect<Policy, Count, true>(d_in, decide, d_out, d_num_selected_out, num_items, tiles, state,
                                                 ticket, overlap, stream)
             : LaunchSelect<Policy, Count, false>(d_in, decide, d_out, d_num_selected_out, num_items, tiles, state,
                                                  ticket, overlap, stream);
}

// Counts below 2^31 travel in the packed 4-byte tile states; larger ones in 8-byte states. The tile
// shape depends on the item count (detail/device_select_kernel.cuh), so the storage query and the
// run must pass the same num_items, as with CUB.
template <bool kOverlap = true, class T, class Decide, class NumSelected>
cudaError_t DispatchSelect(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, Decide decide,
                           T* d_out, NumSelected* d_num_selected_out, std::int64_t num_items, cudaStream_t stream) {
  if (num_items < 0) return cudaErrorInvalidValue;
  if (UseSmallSelectPolicy<T>(num_items)) {
    return DispatchSelectCounted<SmallSelectPolicy<T>, int, kOverlap>(d_temp_storage, temp_storage_bytes, d_in,
                                                                      decide, d_out, d_num_selected_out, num_items,
                                                                      stream);
  }
  if (UseMidSelectPolicy<T>(num_items)) {
    return DispatchSelectCounted<MidSelectPolicy<T>, int, kOverlap>(d_temp_storage, temp_storage_bytes, d_in, decide,
                                                                    d_out, d_num_selected_out, num_items, stream);
  }
  if (num_items <= 0x7fffffff) {
    return DispatchSelectCounted<SelectPolicy<T>, int, kOverlap>(d_temp_storage, temp_storage_bytes, d_in, decide,
                                                                 d_out, d_num_selected_out, num_items, stream);
  }
  return DispatchSelectCounted<SelectPolicy<T>, long long, kOverlap>(d_temp_storage, temp_storage_bytes, d_in, decide,
                                                                     d_out, d_num_selected_out, num_items, stream);
}

}  // namespace detail

struct DeviceSelect {
  // Keeps d_in[i] where d_flags[i] is non-zero (F: any type convertible to bool).
  template <class T, class F, class NumSelected>
  static cudaError_t Flagged(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, const F* d_flags,
                             T* d_out, NumSelected* d_num_selected_out, std::int64_t num_items,
                             cudaStream_t stream = 0) {
    return detail::DispatchSelect(d_temp_storage, temp_storage_bytes, d_in, detail::ByFlag<F>{d_flags}, d_out,
                                  d_num_selected_out, num_items, stream);
  }
  // Keeps d_in[i] where pred(d_in[i]) is true (a __device__ callable).
  template <class T, class NumSelected, class Pred>
  static cudaError_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                        NumSelected* d_num_selected_out, std::int64_t num_items, Pred pred, cudaStream_t stream = 0) {
    return detail::DispatchSelect(d_temp_storage, temp_storage_bytes, d_in, detail::ByPredicate<Pred>{pred}, d_out,
                                  d_num_selected_out, num_items, stream);
  }
};

}  // namespace warpsafe

#endif  // WARPSAFE_DEVICE_DEVICE_SELECT_CUH_
