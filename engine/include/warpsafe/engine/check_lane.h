// What the engine publishes of the running lane for the checker's inline access path
// (check_inline.h, which reads it; engine/src/race/inline_check.cpp, which writes it).
#pragma once

#include <stdint.h>

#ifdef __cplusplus
namespace warpsafe::engine {

struct LaneView;
extern __thread const LaneView* tls_lane;

// One entry of a lane's memo (engine/src/race/access_memo.h owns its meaning).
struct InlineMemoEntry {
  uint64_t key;         // the instruction: CheckMemoKey
  uint64_t generation;  // the detector's generation it was decided in
  uint64_t since;       // the count of cell changes then
  uintptr_t lo;         // the range [lo, lo + len) of its decided accesses
  uint64_t len;
  uint64_t page;            // the page it saw last, and that page's stamp
  const uint64_t* stamp;
  uintptr_t last;       // the instruction's last address decided from the memo or the cell
  bool shared;
};
inline constexpr unsigned kCheckMemoSets = 8;
inline constexpr unsigned kCheckMemoWays = 2;
// More than this many accesses of one instruction's range make a sweep (ProgressWatch's table).
inline constexpr unsigned kCheckSweepAccesses = 16;
inline constexpr unsigned kCheckPageBits = 12;  // GlobalShadow::kPageBits

// An instruction's identity in the memo: its address with the access's size and kind. Both are
// inlined wherever they are used: in a checked build, a function left out of line would get a
// coverage counter of its own, incremented on every access.
[[gnu::always_inline]] inline constexpr uint64_t CheckMemoKey(uintptr_t pc, unsigned size, bool write) {
  return static_cast<uint64_t>(pc) ^ (uint64_t{size} << 48) ^ (uint64_t{write} << 56);
}
[[gnu::always_inline]] inline constexpr unsigned CheckMemoSet(uint64_t key) {
  return (static_cast<uint32_t>(key) * 0x9E3779B1u) >> (32 - 3);
}
static_assert(kCheckMemoSets == 8, "CheckMemoSet keeps 3 bits");

// What the inline path needs of the running lane, published by the engine.
struct InlineCheckLane {
  const LaneView* view;       // the lane it describes; null: none
  uint64_t generation;        // the detector's generation when published; 0 (never current): none
  uintptr_t stack_low;        // the lane's own stack [stack_low, stack_low + stack_size); size 0
  uintptr_t stack_size;       // when its guard zones' shadow is not mapped
  InlineMemoEntry* memo;      // kCheckMemoSets x kCheckMemoWays
  uintptr_t* pending_store;   // the lane's store waiting to be judged for progress (0: none),
                              // followed by its size
  unsigned* countdown;        // the block's steps to its next periodic check
  unsigned char* progress;    // set: the block made progress (absorbed at its next check)
};
extern __thread InlineCheckLane tls_check_lane;
extern uint64_t g_check_generation;  // the detector's generation (access_memo.h), from 1

// The count that tells windows (below) when to end: advanced by the engine whenever a window could
// stop being true: anything that advances the detector's generation or changes a cell, the running
// lane published again or withdrawn, and each periodic check of a block. From 1: a window never
// filled holds 0. A type of its own: under type-based aliasing no integer store of the user's code
// or of a window can change it.
enum class WindowEpoch : uint64_t {};
extern WindowEpoch g_window_epoch;
inline void AdvanceWindowEpoch() { g_window_epoch = WindowEpoch{static_cast<uint64_t>(g_window_epoch) + 1}; }

// One instruction's window (check_inline.h, "Windows"), for the lane `view` while `epoch` is
// g_window_epoch: addresses [lo, hi) ahead of its last sweep hit that its next accesses may take,
// each further on than the one before, without a test of the memo; or, for a store, the one
// address `same` that it stored to last, again. Every instruction of a checked build has its own,
// reserved by the code of the access with its `pc` set and the rest zero (an empty range; no epoch
// is 0).
struct alignas(64) InlineWindow {
  uintptr_t lo;
  uintptr_t hi;
  const LaneView* view;
  WindowEpoch epoch;
  uintptr_t same;            // kNoAddress: none
  uintptr_t* pending_store;  // the lane's (InlineCheckLane); its size is the word after it
  unsigned* countdown;       // the block's
  uintptr_t pc;              // the access's place in the code (check_inline.h, Here)
};
inline constexpr uintptr_t kNoAddress = ~uintptr_t{0};

}  // namespace warpsafe::engine
#endif  // __cplusplus
