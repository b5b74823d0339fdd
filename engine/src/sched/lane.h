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

enum class LaneState : std::uint8_t { kRunnable, kBlocked, kExited };

// What a blocked lane waits at: a warp collective (kind + mask), __activemask's convergence
// point, or the block barrier.
enum class WaitKind : std::uint8_t { kNone, kCollective, kActiveMask, kBarrier };

struct Lane {
  LaneView view;  // first member: tls_lane points here and LaneOf() recovers the Lane
  fiber::Context ctx;
  fiber::Stack* stack;
  Block* block;
  unsigned tid;   // linear thread index in the block
  unsigned warp;  // tid / 32
  unsigned lane;  // tid % 32
  LaneState state;
  WaitKind wait;
  Site site;  // the last scheduling point reached: where the lane waits, or last was seen

  // The collective it arrived at, with its operands (valid while wait == kCollective).
  std::uint16_t coll_kind;
  std::uint32_t coll_mask;
  std::uint64_t in_value;
  int in_arg;
  int in_width;

  // Results, written by whoever completes the collective or barrier.
  std::uint64_t out_value;
  int out_pred;

  int queue_pos;  // position in the run queue's dense list, -1 when not runnable
};
static_assert(std::is_standard_layout_v<Lane>, "LaneOf() needs view at offset 0");

inline Lane* LaneOf(const LaneView* view) { return reinterpret_cast<Lane*>(const_cast<LaneView*>(view)); }

// The lane running on this OS thread, or null in host code.
inline Lane* CurrentLaneOrNull() { return tls_lane ? LaneOf(tls_lane) : nullptr; }

}  // namespace warpsafe::engine
