// The calls on a fiber's stack, found by unwinding it: each frame's caller is computed from the
// call-frame information the compiler emits for every function (.eh_frame, on by default on
// x86-64 for g++ and clang++; libgcc's unwinder reads it, as it does for C++ exceptions), not
// guessed from the words the stack holds. A word that merely looks like a return address (a slot
// of a large frame not yet written since an earlier call left a return address there) is never
// taken for a call.
//
// Either a fiber unwinds itself (FramesHere, from inside the fiber or from a signal handler that
// interrupted it), or a suspended fiber is unwound from its resume point (FramesOfSuspended, from
// any other context of the same thread or another thread while the fiber stays suspended).
// Only for reports and the checker's records: a walk costs about a hundred nanoseconds per frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fiber/context.h"

namespace warpsafe::engine::fiber {

struct Frame {
  // The frame's return address: the address after its call. For a frame interrupted by a signal
  // (the faulting instruction), one past the interrupted instruction's first byte, so that, as for
  // a call, the code to name is the byte before it (race/symbolizer.h looks one byte back).
  std::uintptr_t return_address = 0;
  // The frame's stack pointer where it made the call to the next inner frame (or where a signal
  // interrupted it): what libgcc's _Unwind_GetCFA gives there, the inner frame's canonical frame
  // address. Tells which stack the frame is on.
  std::uintptr_t cfa = 0;
};

struct Frames {
  std::vector<Frame> frames;  // innermost first
  // Whether the walk reached the end of the stack (a fiber's entry, made with a null return
  // address) or the `max` asked for. False when it stopped at code without call-frame
  // information: the frames found up to there are right, the rest is unknown.
  bool complete = false;
};

// The calling code's frames, innermost first, its own caller's first (the frames of this function
// are not included), at most `max`. Called in a signal handler, they continue through the signal
// frame into the interrupted code: a caller that wants only the interrupted fiber's frames keeps
// those whose cfa lies on that fiber's stack.
[[gnu::noinline]] Frames FramesHere(std::size_t max);

// The frames of the fiber suspended in `c` (by Switch), innermost first, from its resume point, at
// most `max`. `c` must be a fiber suspended by Switch or made by Make and not resumed since (the
// engine's contexts are). Empty and not complete where the target's switch gives no unwindable
// resume point (Boost.Context's): callers fall back to something else.
Frames FramesOfSuspended(const Context& c, std::size_t max);

}  // namespace warpsafe::engine::fiber
