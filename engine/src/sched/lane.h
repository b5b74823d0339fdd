// One GPU thread: its fiber, what device code reads (LaneView), and what it waits for.
// Internal to the engine; owned by its Block and touched only from the Block's worker thread.
#pragma once

#include <cstdint>
#include <type_traits>

#include "fiber/context.h"
#include "fiber/stack.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

class Block;

// Where a lane is. Not stored: Block::StateOf() derives it from its warp's `present` and
// `blocked` masks, so that waking a whole group is one mask update instead of a store per lane.
enum class LaneState : std::uint8_t { kRunnable, kBlocked, kExited };

// What a blocked lane waits at: a warp collective (kind + mask), __activemask's convergence
// point, or the block barrier. Meaningful only while the lane is blocked: a wake leaves it stale.
enum class WaitKind : std::uint8_t { kNone, kCollective, kActiveMask, kBarrier };

struct Warp;

// The fields the hot path touches (view, ctx, block, warp_state, lane, wait, site) come first.
struct Lane {
  LaneView view;  // first member: tls_lane points here and LaneOf() recovers the Lane
  fiber::Context ctx;
  Block* block;
  Warp* warp_state;  // the lane's warp: its rendezvous state and arrival arrays
  unsigned lane;     // tid % 32
  WaitKind wait;
  Site site;  // the last scheduling point reached: where the lane waits, or last was seen

  // The collective it waits at (valid while blocked with wait == kCollective); its operands and
  // results live in the warp's arrival arrays (warp/warp.h).
  std::uint16_t coll_kind;
  std::uint32_t coll_mask;

  // Operand and results of __activemask and the barrier, written by whoever completes them.
  int in_arg;
  std::uint64_t out_value;
  int out_pred;

  unsigned tid;   // linear thread index in the block
  unsigned warp;  // tid / 32
  fiber::Stack* stack;
};
static_assert(std::is_standard_layout_v<Lane>, "LaneOf() needs view at offset 0");

inline Lane* LaneOf(const LaneView* view) { return reinterpret_cast<Lane*>(const_cast<LaneView*>(view)); }

// The lane running on this OS thread, or null in host code.
inline Lane* CurrentLaneOrNull() { return tls_lane ? LaneOf(tls_lane) : nullptr; }

}  // namespace warpsafe::engine
