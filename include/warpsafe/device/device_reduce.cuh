// DeviceReduce: the reduction of a whole array on the device in one launch (each item read once).
// Any associative operator (non-commutative ones keep item order); items of 4 or 8 bytes; 64-bit
// item counts. CUB's host API: a first call with d_temp_storage == nullptr sets
// temp_storage_bytes; the second runs on `stream`.
//
//   warpsafe::DeviceReduce::Sum(nullptr, bytes, d_in, d_out, n);        // d_out: one item
//   cudaMalloc(&d_temp, bytes);
//   warpsafe::DeviceReduce::Sum(d_temp, bytes, d_in, d_out, n, stream);
//
// *d_out = op(initial, d_in[0], ..., d_in[n-1]) (initial alone when n == 0). For a given device
// and n the grid is fixed, so floating-point results are reproducible run to run.
#pragma once
#ifndef WARPSAFE_DEVICE_DEVICE_REDUCE_CUH_
#define WARPSAFE_DEVICE_DEVICE_REDUCE_CUH_

#include <cstddef>
#include <cstdint>

#include "warpsafe/detail/device_reduce_kernel.cuh"
#include "warpsafe/detail/device_tile_state.cuh"
#include "warpsafe/warp/operators.cuh"

namespace warpsafe {

namespace detail {

// The reduction with the kernel shape Policy (kBlockThreads, kRows, kBlocksPerSm).
template <class Policy, class T, class Op>
cudaError_t DispatchReduceWith(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                               std::int64_t num_items, Op op, T initial, cudaStream_t stream) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "DeviceReduce: items of 4 or 8 bytes");
  using Tile = StripedTile<T, Policy::kBlockThreads, Policy::kRows>;
  if (num_items < 0) return cudaErrorInvalidValue;
  int device = 0, sms = 0;
  cudaError_t error = cudaGetDevice(&device);
  if (error == cudaSuccess) error = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (error != cudaSuccess) return error;
  const std::int64_t tiles = (num_items + Tile::kTileItems - 1) / Tile::kTileItems;
  const std::int64_t max_blocks = std::int64_t(sms) * Policy::kBlocksPerSm;
  const std::int64_t tiles_per_block = tiles == 0 ? 1 : (tiles + max_blocks - 1) / max_blocks;
  const std::int64_t blocks = (tiles + tiles_per_block - 1) / tiles_per_block;
  const std::size_t partial_bytes = AlignUp(std::size_t(max_blocks) * sizeof(T), 256);
  const std::size_t needed = partial_bytes + 256;
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return cudaSuccess;
  }
  if (temp_storage_bytes < needed) return cudaErrorInvalidValue;
  if (num_items == 0) {
    WriteValueKernel<<<1, 1, 0, stream>>>(d_out, initial);
    return cudaPeekAtLastError();
  }
  T* partials = static_cast<T*>(d_temp_storage);
  unsigned* finished = reinterpret_cast<unsigned*>(static_cast<char*>(d_temp_storage) + partial_bytes);
  // A memset, not detail::ClearAsync's kernel: for this one counter the kernel costs the reduction
  // 2-4 us a call (0.80x-0.98x CUB at 2^20-2^24 on an H200; BENCHMARKS.md), and still 0.4-0.6 us
  // at 2^20 with the reduction launched to overlap it (detail/device_launch.cuh).
  error = cudaMemsetAsync(finished, 0, sizeof(unsigned), stream);
  if (error != cudaSuccess) return error;
  if (reinterpret_cast<std::uintptr_t>(d_in) % 16 == 0) {
    DeviceReduceKernel<T, Op, Policy::kBlockThreads, Policy::kRows, true><<<unsigned(blocks), Policy::kBlockThreads, 0, stream>>>(
        d_in, d_out, num_items, op, initial, tiles_per_block, partials, finished);
  } else {
    DeviceReduceKernel<T, Op, Policy::kBlockThreads, Policy::kRows, false><<<unsigned(blocks), Policy::kBlockThreads, 0, stream>>>(
        d_in, d_out, num_items, op, initial, tiles_per_block, partials, finished);
  }
  return cudaPeekAtLastError();
}

template <class T, class Op>
cudaError_t DispatchReduce(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                           std::int64_t num_items, Op op, T initial, cudaStream_t stream) {
  return DispatchReduceWith<ReducePolicy<T, Op>>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, op,
                                                 initial, stream);
}

}  // namespace detail

struct DeviceReduce {
  template <class T, class Op>
  static cudaError_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                            std::int64_t num_items, Op op, T initial, cudaStream_t stream = 0) {
    return detail::DispatchReduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, op, initial, stream);
  }
  template <class T>
  static cudaError_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_in, T* d_out,
                         std::int64_t num_items, cudaStream_t stream = 0) {
    return detail::DispatchReduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, warpsafe::Sum{}, T{},
                                  stream);
  }
};

}  // namespace warpsafe

#endif  // WARPSAFE_DEVICE_DEVICE_REDUCE_CUH_
