// Unwinding a fiber's stack with libgcc's unwinder (fiber/unwind.h).
#include "fiber/unwind.h"

#include <unwind.h>

namespace warpsafe::engine::fiber {
namespace {

struct Walk {
  Frames* out;
  std::size_t max;
  std::size_t skip;  // innermost frames not to keep (the walk's own)
};

_Unwind_Reason_Code Collect(_Unwind_Context* context, void* data) {
  Walk& walk = *static_cast<Walk*>(data);
  int before_instruction = 0;
  const std::uintptr_t ip = _Unwind_GetIPInfo(context, &before_instruction);
  if (ip == 0) {
    // The end: a fiber's entry was "called" from a null address, a thread's first function's
    // return address is undefined. A frame without call-frame information also ends the walk,
    // but it is reported with its address first, so `complete` stays false.
    walk.out->complete = true;
    return _URC_END_OF_STACK;
  }
  if (walk.skip > 0) {
    --walk.skip;
    return _URC_NO_REASON;
  }
  walk.out->frames.push_back(Frame{before_instruction != 0 ? ip + 1 : ip, _Unwind_GetCFA(context)});
  if (walk.out->frames.size() >= walk.max) {
    walk.out->complete = true;
    return _URC_NORMAL_STOP;
  }
  return _URC_NO_REASON;
}

void Unwind(Walk& walk) { _Unwind_Backtrace(Collect, &walk); }

struct SuspendedWalk {
  const Context* fiber;
  std::size_t max;
  Frames raw;  // from the walk's own frames on, through the fiber's
};

void WalkFromBelow(void* data) {
  auto& s = *static_cast<SuspendedWalk*>(data);
  // fn's own frame, the frame below the resume point, then the fiber: a few more than asked for.
  Walk walk{&s.raw, s.max + 8, 0};
  Unwind(walk);
}

}  // namespace

Frames FramesHere(std::size_t max) {
  Frames out;
  if (max == 0) return out;
  Walk walk{&out, max, 1};  // this function's own frame
  Unwind(walk);
  return out;
}

Frames FramesOfSuspended(const Context& c, std::size_t max) {
  Frames out;
  if (!Started(c) || max == 0) return out;
  SuspendedWalk s{&c, max, {}};
  if (!CallBelowResumePoint(c, WalkFromBelow, &s)) return out;
  // The fiber's frames begin at its resume point: the first frame whose stack pointer (its
  // `cfa`, the canonical frame address of the frame it called, as libgcc reports it) is the
  // fiber's. The frames before it are the walk's own.
  const std::uintptr_t sp = reinterpret_cast<std::uintptr_t>(StackPointer(c));
  std::size_t first = s.raw.frames.size();
  for (std::size_t i = 0; i < s.raw.frames.size(); ++i) {
    if (s.raw.frames[i].cfa == sp) {
      first = i;
      break;
    }
  }
  for (std::size_t i = first; i < s.raw.frames.size() && out.frames.size() < max; ++i) {
    out.frames.push_back(s.raw.frames[i]);
  }
  out.complete = first < s.raw.frames.size() && (s.raw.complete || out.frames.size() == max);
  return out;
}

}  // namespace warpsafe::engine::fiber
