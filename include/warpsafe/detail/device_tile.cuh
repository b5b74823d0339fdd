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
  // Copies this thread's part of a tile into `staged` (shared memory, the tile's layout), all of
  // the tile when a whole one is left, else LoadPartial's items. Only this thread may read its part
  // afterwards without a barrier. A whole, 16-byte aligned tile is copied with cp.async (sm_80 and
  // later): no registers are held while the loads are in flight.
  template <bool kVectorized>
  static WARPSAFE_DEVICE void StageTile(const T* in, std::int64_t n, std::int64_t tile, int thread, T* staged) {
    const std::int64_t base = tile * kTileItems;
    const std::int64_t remaining = n - base;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (kVectorized && kVectorizable) {
      if (remaining >= kTileItems) {
WARPSAFE_UNROLL
        for (int r = 0; r < kRows; ++r) {
          const unsigned to = unsigned(__cvta_generic_to_shared(staged + Offset(thread, r, 0)));
          asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(to), "l"(in + base + Offset(thread, r, 0))
                       : "memory");
        }
        asm volatile("cp.async.wait_all;" ::: "memory");
        return;
      }
    }
#endif
    Items x;
    if (remaining >= kTileItems) LoadFull<kVectorized>(in + base, thread, x);
    else LoadPartial(in + base, thread, int(remaining), x);
WARPSAFE_UNROLL
    for (int r = 0; r < kRows; ++r) StoreRow(staged, thread, r, x[r]);
  }
  // Row r of this thread's part of a staged tile, as one 16-byte shared-memory access where it can.
  static WARPSAFE_DEVICE void LoadRow(const T* staged, int thread, int r, T (&v)[kVec]) {
    memcpy(&v[0], staged + Offset(thread, r, 0), sizeof(T) * kVec);
  }
  static WARPSAFE_DEVICE void StoreRow(T* staged, int thread, int r, const T (&v)[kVec]) {
    memcpy(staged + Offset(thread, r, 0), &v[0], sizeof(T) * kVec);
  }
  // Row r of a tile in global memory (a whole tile; kVectorized as LoadFull).
  template <bool kVectorized>
  static WARPSAFE_DEVICE void StoreFullRow(T* tile, int thread, int r, const T (&v)[kVec]) {
    if constexpr (kVectorized && kVectorizable) {
      uint4 w;
      memcpy(&w, &v[0], 16);
      *reinterpret_cast<uint4*>(tile + Offset(thread, r, 0)) = w;
    } else {
WARPSAFE_UNROLL
      for (int k = 0; k < kVec; ++k) tile[Offset(thread, r, k)] = v[k];
    }
  }
  static WARPSAFE_DEVICE void StorePartialRow(T* tile, int thread, int r, int valid, const T (&v)[kVec]) {
WARPSAFE_UNROLL
    for (int k = 0; k < kVec; ++k) {
      const int i = Offset(thread, r, k);
      if (i < valid) tile[i] = v[k];
    }
  }
};

// Where a block keeps its tile from loading it to writing its results, while it waits for its
// prefix. In registers: the fewest instructions, but the tile's registers (and so the blocks an SM
// holds) are paid for during the wait. In shared memory, copied with cp.async: about 40 registers a
// thread, so an SM holds as many tiles as its shared memory does. BENCHMARKS.md has the
// measurements that give 4-byte items the registers and 8-byte items shared memory.
template <class T, int kBlockThreads, int kRows>
struct RegisterTile {
  using Tile = StripedTile<T, kBlockThreads, kRows>;
  struct Storage {};
  typename Tile::Items x;

  WARPSAFE_DEVICE explicit RegisterTile(Storage&) {}
  template <bool kVectorized>
  WARPSAFE_DEVICE void Load(const T* in, std::int64_t n, std::int64_t tile, int thread) {
    Tile::template LoadTile<kVectorized>(in, n, tile, thread, x);
  }
  WARPSAFE_DEVICE void Read(int, int r, T (&v)[Tile::kVec]) const {
WARPSAFE_UNROLL
    for (int k = 0; k < Tile::kVec; ++k) v[k] = x[r][k];
  }
  WARPSAFE_DEVICE void Write(int, int r, const T (&v)[Tile::kVec]) {
WARPSAFE_UNROLL
    for (int k = 0; k < Tile::kVec; ++k) x[r][k] = v[k];
  }
};

template <class T, int kBlockThreads, int kRows>
struct SharedTile {
  using Tile = StripedTile<T, kBlockThreads, kRows>;
  struct Storage {
    alignas(16) unsigned char bytes[Tile::kTileItems * sizeof(T)];
  };
  T* staged;

  WARPSAFE_DEVICE explicit SharedTile(Storage& storage) : staged(reinterpret_cast<T*>(storage.bytes)) {}
  // Each thread reads and writes only its own part: no barrier is needed between the phases.
  template <bool kVectorized>
  WARPSAFE_DEVICE void Load(const T* in, std::int64_t n, std::int64_t tile, int thread) {
    Tile::template StageTile<kVectorized>(in, n, tile, thread, staged);
  }
  WARPSAFE_DEVICE void Read(int thread, int r, T (&v)[Tile::kVec]) const { Tile::LoadRow(staged, thread, r, v); }
  WARPSAFE_DEVICE void Write(int thread, int r, const T (&v)[Tile::kVec]) { Tile::StoreRow(staged, thread, r, v); }
};

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_TILE_CUH_
