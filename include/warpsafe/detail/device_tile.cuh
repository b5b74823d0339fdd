// The tile of a device-wide collective, as each thread holds it: kRows rows of one 16-byte vector
// per thread (kVec items), the rows one after the other, the threads' vectors in order within a row.
//
//   item (r, k) of thread t is tile item  r * kBlockThreads * kVec + t * kVec + k
//
// so every load and store is one coalesced 16-byte access per thread, with no shared-memory
// transpose, and every warp's part of a row is a run of 32 * kVec consecutive items: a "segment".
// The segments of a tile, in item order, are (row 0: warp 0, 1, ...), (row 1: warp 0, 1, ...), ...
// A scan or an order-keeping reduction combines segments in that order.
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_TILE_CUH_
#define WARPSAFE_DETAIL_DEVICE_TILE_CUH_

#include <cstdint>

#include "warpsafe/detail/config.cuh"

namespace warpsafe::detail {

template <class T, int kBlockThreads, int kRows>
struct StripedTile {
  static_assert(kBlockThreads % kWarpThreads == 0, "device tiles are made of complete warps");
  static constexpr int kVec = (sizeof(T) <= 16 && 16 % sizeof(T) == 0) ? int(16 / sizeof(T)) : 1;
  static constexpr int kWarps = kBlockThreads / kWarpThreads;
  static constexpr int kRowItems = kBlockThreads * kVec;
  static constexpr int kTileItems = kRowItems * kRows;
  static constexpr int kSegments = kWarps * kRows;
  static constexpr bool kVectorizable = kVec * sizeof(T) == 16;

  using Items = T[kRows][kVec];

  static WARPSAFE_DEVICE int Offset(int thread, int row, int k) { return row * kRowItems + thread * kVec + k; }

  // Tile `tile` of an array of n items: all of it when a whole tile is left, else its first items
  // (LoadPartial). Returns how many of its items exist (more than kTileItems: all).
  template <bool kVectorized>
  static WARPSAFE_DEVICE std::int64_t LoadTile(const T* in, std::int64_t n, std::int64_t tile, int thread, Items& x) {
    const std::int64_t base = tile * kTileItems;
    const std::int64_t remaining = n - base;
    if (remaining >= kTileItems) LoadFull<kVectorized>(in + base, thread, x);
    else LoadPartial(in + base, thread, int(remaining), x);
    return remaining;
  }

  // A whole tile. kVectorized: `tile` is 16-byte aligned (checked by the host before choosing it).
  template <bool kVectorized>
  static WARPSAFE_DEVICE void LoadFull(const T* tile, int thread, Items& x) {
WARPSAFE_UNROLL
    for (int r = 0; r < kRows; ++r) {
      if constexpr (kVectorized && kVectorizable) {
        const uint4 v = *reinterpret_cast<const uint4*>(tile + Offset(thread, r, 0));
        memcpy(&x[r][0], &v, 16);
      } else {
WARPSAFE_UNROLL
        for (int k = 0; k < kVec; ++k) x[r][k] = tile[Offset(thread, r, k)];
      }
    }
  }
  // The first `valid` items (1 <= valid < kTileItems); the other slots repeat item valid - 1, so
  // that every slot holds a real value of the input.
  static WARPSAFE_DEVICE void LoadPartial(const T* tile, int thread, int valid, Items& x) {
    const T last = tile[valid - 1];
WARPSAFE_UNROLL
    for (int r = 0; r < kRows; ++r) {
WARPSAFE_UNROLL
      for (int k = 0; k < kVec; ++k) {
        const int i = Offset(thread, r, k);
        x[r][k] = i < valid ? tile[i] : last;
      }
    }
  }
  template <bool kVectorized>
  static WARPSAFE_DEVICE void StoreFull(T* tile, int thread, const Items& x) {
WARPSAFE_UNROLL
    for (int r = 0; r < kRows; ++r) {
      if constexpr (kVectorized && kVectorizable) {
        uint4 v;
        memcpy(&v, &x[r][0], 16);
        *reinterpret_cast<uint4*>(tile + Offset(thread, r, 0)) = v;
      } else {
WARPSAFE_UNROLL
        for (int k = 0; k < kVec; ++k) tile[Offset(thread, r, k)] = x[r][k];
      }
    }
  }
  static WARPSAFE_DEVICE void StorePartial(T* tile, int thread, int valid, const Items& x) {
WARPSAFE_UNROLL
    for (int r = 0; r < kRows; ++r) {
WARPSAFE_UNROLL
      for (int k = 0; k < kVec; ++k) {
        const int i = Offset(thread, r, k);
        if (i < valid) tile[i] = x[r][k];
      }
    }
  }
};

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_TILE_CUH_
