// One GPU thread: its fiber, what device code reads (LaneView), and what it waits for.
// Internal to the engine; owned by its Block and touched only from the Block's worker thread.
#pragma once

#include <cstddef>
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
// point, the block barrier, the other blocks of a cooperative grid (grid.sync()), or the phase of an
// asynchronous barrier (mbarrier, cuda::barrier; engine/src/async). Meaningful only while the lane
// is blocked: a wake leaves it stale.
enum class WaitKind : std::uint8_t { kNone, kCollective, kActiveMask, kBarrier, kGridBarrier, kTileBarrier, kMBarrier };

struct Warp;

// Two cache lines, aligned: the first holds everything a collective touches (the switch writes
// ctx, the rendezvous reads block/warp_state/lane/tid and writes wait/site), the second what
// device code reads (view) and the colder fields. 128 bytes: indexing the lanes is a shift.
struct alignas(64) Lane {
  fiber::Context ctx;
  Block* block;
  Warp* warp_state;  // the lane's warp: its rendezvous state and arrival arrays
  unsigned lane;     // tid % 32
  unsigned tid;      // linear thread index in the block
  Site site;         // the last scheduling point reached: where the lane waits, or last was seen
  WaitKind wait;
  // A lane blocked with wait == kCollective waits in the one group of its warp whose `arrived`
  // holds it; its operands and results live in the warp's arrival arrays (warp/warp.h).

  LaneView view;  // tls_lane points here; LaneOf() recovers the Lane
  unsigned warp;  // tid / 32
  // Operand and results of __activemask and the barrier, written by whoever completes them.
  int in_arg;
  int out_pred;
  std::uint64_t out_value;
  fiber::Stack* stack;
};
static_assert(std::is_standard_layout_v<Lane>, "LaneOf() uses offsetof");
static_assert(sizeof(Lane) == 128, "two cache lines");

inline Lane* LaneOf(const LaneView* view) {
  return reinterpret_cast<Lane*>(reinterpret_cast<char*>(const_cast<LaneView*>(view)) - offsetof(Lane, view));
}

// Inside the engine tls_lane is read on every collective and written on every switch. The engine
// is a static library linked into executables, so the local-exec model applies: one %fs-relative
// instruction per access instead of materialising the variable's address (linking the engine into
// a shared object would fail at link time, not misbehave). Device code keeps api.h's declaration.
extern __thread const LaneView* tls_lane __attribute__((tls_model("local-exec")));

// The lane running on this OS thread, or null in host code.
inline Lane* CurrentLaneOrNull() { return tls_lane ? LaneOf(tls_lane) : nullptr; }

}  // namespace warpsafe::engine
