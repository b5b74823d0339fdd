// DeviceScan: inclusive and exclusive scans of a whole array on the device, in one pass over memory
// (each item read once and written once) with decoupled look-back. Any associative operator
// (non-commutative ones included); items of 4 or 8 bytes (int, unsigned, float, long long, double,
// or your own trivially copyable type of that size); 64-bit item counts; in place allowed.
//
// The host API is CUB's: a first call with d_temp_storage == nullptr sets temp_storage_bytes; the
// second, with that much device memory, runs the scan on `stream` (asynchronously).
//
//   std::size_t bytes = 0;
//   warpsafe::DeviceScan::InclusiveSum(nullptr, bytes, d_in, d_out, n);
//   cudaMalloc(&d_temp, bytes);
//   warpsafe::DeviceScan::InclusiveSum(d_temp, bytes, d_in, d_out, n, stream);
//
// Each call returns the CUDA error of its work (cudaErrorInvalidValue for too little temporary
// storage or a negative count); kernel errors surface at the next synchronisation, as in CUDA.
// The temporary storage may be reused by the next call on the same stream.
#pragma once
#ifndef WARPSAFE_DEVICE_DEVICE_SCAN_CUH_
#define WARPSAFE_DEVICE_DEVICE_SCAN_CUH_

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "warpsafe/detail/device_clear.cuh"
#include "warpsafe/detail/device_scan_kernel.cuh"
#include "warpsafe/detail/device_tile_state.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe {

namespace detail {

// The temporary storage of a single-pass pass over `tiles` tiles: tile states (kStateBytes a
// tile), then the ticket.
template <class T, int kStateBytes = 128>
struct LookBackStorage {
  using State = TileState<T, kStateBytes>;
  static std::size_t Bytes(std::int64_t tiles) { return State::Bytes(tiles) + 256; }
  static unsigned* Ticket(void* temp, std::int64_t tiles) {
    return reinterpret_cast<unsigned*>(static_cast<char*>(temp) + State::Bytes(tiles));
  }
};

template <class Policy, bool kExclusive, bool kVectorized, class T, class Op, class State>
cudaError_t LaunchScan(const T* d_in, T* d_out, Op op, T initial, std::int64_t num_items, std::int64_t tiles,
                       const State& state, unsigned* ticket, bool after_clear_kernel, cudaStream_t stream) {
  using Delays = typename std::conditional<std::is_void<typename Policy::Delays>::value, TunedLookBackDelays<T>,
                                           typename Policy::Delays>::type;
  auto* kernel = DeviceScanKernel<T, Op, Policy::kBlockThreads, Policy::kRows, Policy::kStaged, kExclusive,
                                  kVectorized, State, NoProbe, Delays>;
  if constexpr (Policy::kStaged) {
    // The tile lives in shared memory: ask for the largest carveout (once per kernel), so that an
    // SM holds the blocks ScanMinBlocks counts on. The attribute is a hint; an error is returned.
    static const cudaError_t carveout = cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                                             int(cudaSharedmemCarveoutMaxShared));
    if (carveout != cudaSuccess) return carveout;
  }
  if (after_clear_kernel && CanLaunchOverlapped(kernel)) {
    return LaunchOverlapped(kernel, unsigned(tiles), unsigned(Policy::kBlockThreads), stream, d_in, d_out, num_items,
                            op, initial, state, ticket, NoProbe{});
  }
  DeviceScanKernel<T, Op, Policy::kBlockThreads, Policy::kRows, Policy::kStaged, kExclusive, kVectorized, State,
                   NoProbe, Delays><<<unsigned(tiles), Policy::kBlockThreads, 0, stream>>>(
      d_in, d_out, num_items, op, initial, state, ticket, NoProbe{});
  return cudaPeekAtLastError();
}

// kOverlap: whether the scan may start while the clear before it runs (detail/device_launch.cuh);
// false only to measure what that gains.
template <class Policy, bool kExclusive, bool kOverlap = true, class T, class Op>
cudaError_t DispatchScanWith(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out, Op op,
                             T initial, std::int64_t num_items, cudaStream_t stream) {
  using Tile = StripedTile<T, Policy::kBlockThreads, Policy::kRows>;
  using Storage = LookBackStorage<T, Policy::kStateBytes>;
  if (num_items < 0) return cudaErrorInvalidValue;
  const std::int64_t tiles = (num_items + Tile::kTileItems - 1) / Tile::kTileItems;
  if (tiles > 0x7fffffff) return cudaErrorInvalidValue;
  const std::size_t needed = Storage::Bytes(tiles);
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return cudaSuccess;
  }
  if (temp_storage_bytes < needed) return cudaErrorInvalidValue;
  if (num_items == 0) return cudaSuccess;
  bool by_kernel = false;
  cudaError_t error = ClearAsync(d_temp_storage, needed, stream, &by_kernel);
  if (error != cudaSuccess) return error;
  const typename Storage::State state(d_temp_storage, tiles);
  unsigned* ticket = Storage::Ticket(d_temp_storage, tiles);
  const bool overlap = kOverlap && by_kernel;
  const bool aligned = (reinterpret_cast<std::uintptr_t>(d_in) | reinterpret_cast<std::uintptr_t>(d_out)) % 16 == 0;
  return aligned ? LaunchScan<Policy, kExclusive, true>(d_in, d_out, op, initial, num_items, tiles, state, ticket,
                                                        overlap, stream)
                 : LaunchScan<Policy, kExclusive, false>(d_in, d_out, op, initial, num_items, tiles, state, ticket,
                                                         overlap, stream);
}

// The tile shape depends on the item count (detail/device_scan_kernel.cuh), so the storage query and
// the run must pass the same num_items, as with CUB.
template <bool kExclusive, bool kOverlap = true, class T, class Op>
cudaError_t DispatchScan(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out, Op op,
                         T initial, std::int64_t num_items, cudaStream_t stream) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "DeviceScan: items of 4 or 8 bytes");
  if (UseTinyScanPolicy<T>(num_items)) {
    return DispatchScanWith<TinyScanPolicy<T>, kExclusive, kOverlap>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                                                    op, initial, num_items, stream);
  }
  if (UseSmallScanPolicy<T>(num_items)) {
    return DispatchScanWith<SmallScanPolicy<T>, kExclusive, kOverlap>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                                                     op, initial, num_items, stream);
  }
  return DispatchScanWith<ScanPolicy<T>, kExclusive, kOverlap>(d_temp_storage, temp_storage_bytes, d_in, d_out, op,
                                                              initial, num_items, stream);
}

}  // namespace detail

struct DeviceScan {
  // d_out[i] = op(d_in[0], ..., d_in[i]).
  template <class T, class Op>
  static cudaError_t InclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                                   Op op, std::int64_t num_items, cudaStream_t stream = 0) {
    T unused;
    memset(&unused, 0, sizeof(T));
    return detail::DispatchScan<false>(d_temp_storage, temp_storage_bytes, d_in, d_out, op, unused, num_items, stream);
  }
  template <class T>
  static cudaError_t InclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                                  std::int64_t num_items, cudaStream_t stream = 0) {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, Sum{}, num_items, stream);
  }
  // d_out[0] = initial, d_out[i] = op(initial, d_in[0], ..., d_in[i-1]).
  template <class T, class Op>
  static cudaError_t ExclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                                   Op op, T initial, std::int64_t num_items, cudaStream_t stream = 0) {
    return detail::DispatchScan<true>(d_temp_storage, temp_storage_bytes, d_in, d_out, op, initial, num_items, stream);
  }
  template <class T>
  static cudaError_t ExclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                                  std::int64_t num_items, cudaStream_t stream = 0) {
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, Sum{}, T{}, num_items, stream);
  }
};

}  // namespace warpsafe

#endif  // WARPSAFE_DEVICE_DEVICE_SCAN_CUH_
