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
// kConverged: a mask-less pre-Volta intrinsic (__shfl, __ballot, ...) waiting for the lanes that run
// with it (Block::ArriveConverged).
enum class WaitKind : std::uint8_t {
  kNone, kCollective, kActiveMask, kConverged, kBarrier, kGridBarrier, kTileBarrier, kMBarrier
};

struct Warp;

// Two cache lines, aligned. The first holds what a switch to the lane reads (its resume point and
// its thread index, which EnterLane copies) and what the lane's own arrival at a collective reads
// (block, warp_state, lane, tid) or writes (wait); the second what a waiting lane leaves for
// reports (site), what device code reads of its block (the rest of view), and the colder fields.
// 128 bytes: indexing the lanes is a shift. Indices are 16-bit (at most 1024 threads a block) so
// that all of this fits.
struct alignas(64) Lane {
  fiber::Context ctx;  // the suspended lane's resume point; not Started() until it first runs
  Block* block;
  Warp* warp_state;    // the lane's warp: its rendezvous state and arrival arrays
  std::uint16_t lane;  // tid % 32
  std::uint16_t tid;   // linear thread index in the block
  std::uint16_t warp;  // tid / 32
  WaitKind wait;
  // A lane blocked with wait == kCollective waits in the one group of its warp whose `arrived`
  // holds it; its operands and results live in the warp's arrival arrays (warp/warp.h).
  std::uint8_t in_arg;  // the barrier's operation (a BarrierOp), written by the lane that arrives

  LaneView view;  // tls_lane points here; LaneOf() recovers the Lane
  Site site;      // the last scheduling point reached: where the lane waits, or last was seen
  // The result of __activemask or of the barrier, written by whoever completes it (a lane waits at
  // one of them at a time).
  union {
    std::uint64_t out_value;
    int out_pred;
  };
  fiber::Stack* stack;
};
static_assert(std::is_standard_layout_v<Lane>, "LaneOf() uses offsetof");
static_assert(sizeof(Lane) == 128, "two cache lines");
static_assert(offsetof(Lane, view) + 16 <= 64, "a switch reads one line of the lane it resumes (EnterLane: 16 bytes)");

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
