// Tile states for decoupled look-back, and the look-back itself.
//
// Every tile of a single-pass scan publishes, as soon as it knows it, its aggregate (status
// kTileAggregate) and then its inclusive prefix (kTilePrefix: op over every tile up to and including
// it). A tile learns its exclusive prefix by walking back over its predecessors 32 at a time, one
// per lane of its first warp: it combines aggregates until it meets an inclusive prefix. Tile 0
// publishes its inclusive prefix at once, so the walk always ends.
//
// Every word of a tile state is written once, or once more from a status to a later one, and each
// carries its own status: a reader needs only single-copy atomicity of 64-bit words (relaxed loads
// and stores, detail/device_memory_order.cuh), no release/acquire, and gets a status and its value
// in one round trip to L2. Storage (cleared to zero, i.e. kTileEmpty, before the launch), one
// kStateBytes slot per tile:
//  - 4-byte values: one 64-bit word, status in the high half, value bits in the low half;
//  - 8-byte values: two 64-bit words, the value's low and high halves, each beside a copy of the
//    status, written together by one 16-byte vector store (the aggregate, then the prefix over
//    it) and read by one 16-byte vector load. The PTX memory model makes each 64-bit element
//    single-copy atomic, not the pair, so a reader may see one half of the aggregate and one of
//    the prefix; it takes a value only when both halves carry the same status, and each (status,
//    half) is written once, so the halves it combines come from the same value. One load a tile
//    is what makes this layout pay: keeping the aggregate's pair and the prefix's pair apart
//    (two loads a tile) measures 0.914x / 0.901x CUB for the int64 scan at 2^22 against 0.969x,
//    and 0.946x / 0.963x at 2^24 against 0.998x / 1.011x (two runs); a status word beside
//    separate value arrays, release/acquire ordered, costs two dependent round trips a poll and
//    runs at 0.61x-0.65x CUB.
//
// Why a whole 128-byte L2 line per tile (kStateBytes), when 8 or 32 bytes would hold it: every
// block polls the states of the ~1000 tiles in flight, while their owners write them. Packed at 8
// bytes, those states share a few dozen lines, and the polls and writes queue up on them: on an
// H200 the int32 scan at 2^28 ran at 69% of copy bandwidth with 8-byte slots, 83% with 32-byte and
// 85% with 128-byte ones (BENCHMARKS.md). The price is 128 bytes of temporary storage and of the
// memset per tile (tiles are 16 or 32 KB).
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_TILE_STATE_CUH_
#define WARPSAFE_DETAIL_DEVICE_TILE_STATE_CUH_

#include <cstddef>
#include <cstdint>

#include "warpsafe/detail/block_storage.cuh"
#include "warpsafe/detail/device_memory_order.cuh"
#include "warpsafe/detail/device_probe.cuh"
#include "warpsafe/detail/lane.cuh"
#include "warpsafe/detail/warp_reduce_shfl.cuh"

namespace warpsafe::detail {

enum TileStatus : unsigned { kTileEmpty = 0, kTileAggregate = 1, kTilePrefix = 2 };

__host__ __device__ constexpr std::size_t AlignUp(std::size_t bytes, std::size_t to) {
  return (bytes + to - 1) / to * to;
}

template <class T, int kStateBytes = 128, bool kPacked = sizeof(T) == 4>
class TileState;

template <class T, int kStateBytes>
class TileState<T, kStateBytes, true> {
  static constexpr int kStride = kStateBytes / 8;  // in words
  static_assert(kStateBytes >= 8 && kStateBytes % 8 == 0, "a 4-byte value's state takes 8 bytes");

 public:
  static std::size_t Bytes(std::int64_t tiles) { return AlignUp(std::size_t(tiles) * kStateBytes, 256); }
  TileState() = default;
  TileState(void* storage, std::int64_t) : words_(static_cast<unsigned long long*>(storage)) {}

  WARPSAFE_DEVICE void Publish(std::int64_t tile, unsigned status, const T& value) const {
    unsigned bits;
    memcpy(&bits, &value, 4);
    StoreRelaxed64(words_ + tile * kStride, (static_cast<unsigned long long>(status) << 32) | bits);
  }
  // The tile's status; `value` is meaningful unless it is kTileEmpty.
  WARPSAFE_DEVICE unsigned Read(std::int64_t tile, T& value) const {
    const unsigned long long word = LoadRelaxed64(words_ + tile * kStride);
    const unsigned bits = static_cast<unsigned>(word);
    memcpy(&value, &bits, 4);
    return static_cast<unsigned>(word >> 32);
  }

 private:
  unsigned long long* words_ = nullptr;
};

template <class T, int kStateBytes>
class TileState<T, kStateBytes, false> {
  static_assert(sizeof(T) == 8, "tile states hold 4- or 8-byte values");
  static constexpr int kStride = kStateBytes / 8;  // in words
  static_assert(kStateBytes >= 16 && kStateBytes % 16 == 0, "an 8-byte value's state takes 16 bytes");

 public:
  static std::size_t Bytes(std::int64_t tiles) { return AlignUp(std::size_t(tiles) * kStateBytes, 256); }
  TileState() = default;
  TileState(void* storage, std::int64_t) : words_(static_cast<unsigned long long*>(storage)) {}

  WARPSAFE_DEVICE void Publish(std::int64_t tile, unsigned status, const T& value) const {
    unsigned half[2];
    memcpy(half, &value, 8);
    const unsigned long long tag = static_cast<unsigned long long>(status) << 32;
    StoreRelaxed64x2(words_ + kStride * tile, tag | half[0], tag | half[1]);
  }
  // Halves with different statuses come from the aggregate and the prefix that replaced it: read
  // again (reported as kTileEmpty), as for a state not yet written.
  WARPSAFE_DEVICE unsigned Read(std::int64_t tile, T& value) const {
    unsigned long long w[2];
    LoadRelaxed64x2(words_ + kStride * tile, w);
    const unsigned status = static_cast<unsigned>(w[0] >> 32);
    if (status != static_cast<unsigned>(w[1] >> 32)) return kTileEmpty;
    const unsigned half[2] = {static_cast<unsigned>(w[0]), static_cast<unsigned>(w[1])};
    memcpy(&value, half, 8);
    return status;
  }

 private:
  unsigned long long* words_ = nullptr;
};

// The block's tile, numbered by the ticket in the order blocks start: a tile then only waits for
// tiles whose blocks are running. Thread 0 takes it into `slot` (a __shared__ unsigned of the
// kernel); a barrier, so every thread of the block calls.
WARPSAFE_DEVICE std::int64_t TakeTicket(unsigned* ticket, unsigned& slot) {
  if (threadIdx.x == 0) slot = atomicAdd(ticket, 1u);
  __syncthreads();
  return slot;
}

// How a look-back waits, and how wide it reads. In a grid of at least kMinTiles tiles: kFirstNs,
// the sleep before the first read (about the time its predecessors' publications take to reach
// L2, as CUB waits), and kPollNs between polls, doubling up to kMaxNs. Smaller grids, whose tiles
// mostly run at once, poll from 32 ns doubling to 256 ns without a first sleep, and read
// kSmallGridTilesPerLane tiles a lane per window; or, when kSmallGridBlockPerThread > 0, the whole
// block reads, that many tiles a thread (BlockLookBackWalk).
template <unsigned kFirst = 0, unsigned kPoll = 32, unsigned kMax = 256, unsigned kMinTilesForSleeps = 0,
          int kSmallGridPerLane = 1, int kSmallGridBlockPerThread = 0>
struct LookBackDelays {
  static constexpr unsigned kFirstNs = kFirst, kPollNs = kPoll, kMaxNs = kMax, kMinTiles = kMinTilesForSleeps;
  static constexpr int kSmallGridTilesPerLane = kSmallGridPerLane;
  static constexpr int kSmallGridTilesPerThread = kSmallGridBlockPerThread;
  static_assert(kSmallGridPerLane >= 1 && kSmallGridPerLane <= 8, "1 to 8 tiles a lane");
  static_assert(kSmallGridBlockPerThread >= 0 && kSmallGridBlockPerThread <= 8, "0 to 8 tiles a thread");
};

// The library's: 1290 ns before the first read (CUB's sm_90 figure for 8-byte sums) in grids of at
// least 4096 tiles. On an H200 the scan takes 0.559-0.562 ms with it against 0.567-0.570 without
// for int32 at 2^28, and 0.0906-0.0947 against 0.0962 ms for int64 at 2^24; 2000 ns does as well,
// 3000 ns and more worse, and at 2^20-2^22 items (fewer tiles, most of them done when a look-back
// starts) any first sleep only delays (BENCHMARKS.md, `device_bench --delays`).
//
// Below 4096 tiles, the look-back over 4-byte values (T) reads 4 tiles a lane: every tile of such a
// grid publishes its aggregate at about the same time, and the walk back to a prefix is a chain of
// dependent reads (3.7 windows a tile for int64 at 2^20, about 0.8 us each), which wider windows
// shorten. Against one tile a lane: select of int32 at 2^20 runs at 1.083x / 1.071x CUB instead of
// 1.020x / 1.028x, of doubles (whose counts are 4-byte values) at 0.968x / 0.968x instead of
// 0.947x / 0.933x, the int32 scan at 2^22 at 1.098x instead of 1.049x; 2 and 8 tiles a lane gain
// less. 8-byte values read one tile a lane: with 4, the int64 scan at 2^20 walks 1.8 windows
// instead of 3.7 but each takes 1.9 us, and it runs 0.77x CUB against 0.91x (2 a lane: 0.84x; no spills either way; `device_bench --cold-small`,
// `--small-phases`).
template <class T>
using TunedLookBackDelays = LookBackDelays<1290, 32, 256, 4096, sizeof(T) == 4 ? 4 : 1>;

// One window's reads: lane l reads the kPerLane consecutive tiles first .. first + kPerLane - 1,
// polling until none is empty in any lane, and folds them in tile order from the last inclusive
// prefix among them. `has_prefix`: whether it met one.
//
// The reads go tile by tile, and in the SASS each load waits behind a branch on the one before.
// Issuing a round's loads together first does not shorten the look-back (int64 at 2^20, 4 tiles a
// lane: 2.75 us against 2.78 one tile a lane; the walk waits for predecessors that have not
// published yet, not for its reads) and spills the int32 scan's registers; reading every tile
// again at each poll makes select of int32 at 2^22 0.916x CUB against 1.003x.
// kWholeBlock: the polls are agreed across the block (every thread of it calls), not the warp.
template <int kPerLane, class T, class Op, class State, bool kWholeBlock = false>
WARPSAFE_DEVICE T ReadLaneTiles(const State& state, std::int64_t first, Op op, unsigned first_poll_ns,
                                unsigned max_poll_ns, unsigned& polls, bool& has_prefix) {
  T value[kPerLane];
  unsigned status[kPerLane];
  bool empty = false;
WARPSAFE_UNROLL
  for (int j = 0; j < kPerLane; ++j) {
    memset(&value[j], 0, sizeof(T));
    // Tiles before tile 0 do not exist; they sit below tile 0's inclusive prefix and never count.
    status[j] = first + j >= 0 ? state.Read(first + j, value[j]) : unsigned(kTilePrefix);
    empty = empty || status[j] == kTileEmpty;
  }
  unsigned delay = first_poll_ns;
  while (kWholeBlock ? __syncthreads_or(empty) != 0 : __any_sync(kFullMask, empty)) {
    Backoff(delay, max_poll_ns);
    ++polls;
    empty = false;
WARPSAFE_UNROLL
    for (int j = 0; j < kPerLane; ++j) {
      if (status[j] == kTileEmpty) status[j] = state.Read(first + j, value[j]);
      empty = empty || status[j] == kTileEmpty;
    }
  }
  T folded = value[0];
  has_prefix = status[0] == kTilePrefix;
WARPSAFE_UNROLL
  for (int j = 1; j < kPerLane; ++j) {
    if (status[j] == kTilePrefix) folded = value[j];  // what came before it is in its prefix
    else folded = op(folded, value[j]);
    has_prefix = has_prefix || status[j] == kTilePrefix;
  }
  return folded;
}

// The walk, kPerLane tiles a lane: windows [end - 32 * kPerLane, end) from end = tile down, until
// one holds an inclusive prefix. The window's nearest prefix and every aggregate after it are
// combined in tile order (within a lane, then across lanes from the last lane that met a prefix),
// so the operator need not commute.
template <int kPerLane, class T, class Op, class State, class Probe>
WARPSAFE_DEVICE T LookBackWalk(const State& state, std::int64_t tile, Op op, const Probe& probe,
                               unsigned first_poll_ns, unsigned max_poll_ns) {
  constexpr int kWindow = kWarpThreads * kPerLane;
  const unsigned lane = LaneId();
  Maybe<T> after{T(), false};  // op over the tiles already passed (those after the window)
  unsigned windows = 0, polls = 0;
  for (std::int64_t end = tile;; end -= kWindow) {
    bool has_prefix;
    const T value = ReadLaneTiles<kPerLane, T>(state, end - kWindow + std::int64_t(lane) * kPerLane, op,
                                               first_poll_ns, max_poll_ns, polls, has_prefix);
    ++windows;
    const std::uint32_t prefixes = __ballot_sync(kFullMask, has_prefix);
    const unsigned head = prefixes != 0 ? HighestBit(prefixes) : 0u;
    const T window = RangeReduce<kWarpThreads>(kFullMask, value, lane, head, kWarpThreads - 1, op);
    after = Combine(Maybe<T>{window, true}, after, op);
    if (prefixes != 0) {
      probe.LookBack(tile, windows, polls);
      return after.value;
    }
  }
}

// The shared memory of BlockLookBackWalk: each warp's fold of its part of a window, and which
// warps met an inclusive prefix.
template <class T, int kWarps>
struct BlockLookBackScratch {
  Uninitialized<T> warp_value[kWarps];
  bool warp_met_prefix[kWarps];
};

// The walk read by the whole block, kPerThread tiles a thread: windows of kBlockThreads * kPerThread
// tiles, thread t reading the kPerThread tiles from end - window + t * kPerThread on. In a grid that
// mostly runs at once, a window reaching back to tile 0 needs only its predecessors' aggregates,
// read in one round trip, instead of a chain of windows each waiting for the inclusive prefixes
// the tiles before it publish. Each warp folds its lanes from its last lane that met a prefix; the
// warps' folds are combined in order from the last warp that met one, so the operator need not
// commute. Called by every thread of the block, with the same tile; returns in every thread.
template <int kBlockThreads, int kPerThread, class T, class Op, class State, class Probe>
WARPSAFE_DEVICE T BlockLookBackWalk(const State& state, std::int64_t tile, Op op, const Probe& probe,
                                    BlockLookBackScratch<T, kBlockThreads / kWarpThreads>& scratch) {
  static_assert(kBlockThreads % kWarpThreads == 0, "whole warps");
  constexpr int kWarps = kBlockThreads / kWarpThreads;
  constexpr int kWindow = kBlockThreads * kPerThread;
  const unsigned thread = threadIdx.x;
  const unsigned lane = LaneId();
  const unsigned warp = thread / kWarpThreads;
  Maybe<T> after{T(), false};  // op over the tiles already passed (those after the window)
  unsigned windows = 0, polls = 0;
  for (std::int64_t end = tile;; end -= kWindow) {
    bool has_prefix;
    const T value = ReadLaneTiles<kPerThread, T, Op, State, true>(
        state, end - kWindow + std::int64_t(thread) * kPerThread, op, 32u, 256u, polls, has_prefix);
    ++windows;
    const std::uint32_t prefixes = __ballot_sync(kFullMask, has_prefix);
    const unsigned head = prefixes != 0 ? HighestBit(prefixes) : 0u;
    const T folded = RangeReduce<kWarpThreads>(kFullMask, value, lane, head, kWarpThreads - 1, op);
    if (lane == 0) {
      scratch.warp_value[warp].Alias() = folded;
      scratch.warp_met_prefix[warp] = prefixes != 0;
    }
    __syncthreads();
    int first_warp = -1;  // the last warp that met a prefix
WARPSAFE_UNROLL
    for (int w = 0; w < kWarps; ++w) {
      if (scratch.warp_met_prefix[w]) first_warp = w;
    }
    T window = scratch.warp_value[first_warp > 0 ? first_warp : 0].Alias();
WARPSAFE_UNROLL
    for (int w = 1; w < kWarps; ++w) {
      if (w > first_warp) window = op(window, scratch.warp_value[w].Alias());
    }
    after = Combine(Maybe<T>{window, true}, after, op);
    __syncthreads();  // every thread has read the scratch before the next window writes it
    if (first_warp >= 0) {
      probe.LookBack(tile, windows, polls);
      return after.value;
    }
  }
}

// Whether this grid's look-backs are read by whole blocks (BlockLookBackWalk): the same answer in
// every thread of the grid.
template <class Delays>
WARPSAFE_DEVICE bool UseBlockLookBack() {
  if constexpr (Delays::kSmallGridTilesPerThread == 0 || Delays::kMinTiles == 0) return false;
  else return gridDim.x < Delays::kMinTiles;
}

// op over the values of tiles 0 .. tile-1 (tile >= 1), in every lane. Called by all 32 lanes of a
// complete warp. In a large grid each lane reads one tile a window (windows of 64 and 128 tiles
// walked fewer windows at 2^28 items but ran no faster on an H200, BENCHMARKS.md); in a small one
// (fewer than Delays::kMinTiles tiles), Delays::kSmallGridTilesPerLane.
template <class T, class Op, class State, class Probe = NoProbe, class Delays = TunedLookBackDelays<T>>
WARPSAFE_DEVICE T LookBack(const State& state, std::int64_t tile, Op op, const Probe& probe = Probe(),
                           Delays = Delays()) {
  bool patient = true;
  if constexpr (Delays::kMinTiles > 0) patient = gridDim.x >= Delays::kMinTiles;
  if (patient) {
    if (Delays::kFirstNs > 0) __nanosleep(Delays::kFirstNs);
    return LookBackWalk<1, T>(state, tile, op, probe, Delays::kPollNs, Delays::kMaxNs);
  }
  return LookBackWalk<Delays::kSmallGridTilesPerLane, T>(state, tile, op, probe, 32u, 256u);
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_TILE_STATE_CUH_
