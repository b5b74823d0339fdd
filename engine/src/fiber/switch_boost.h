// The context switch on every target but x86-64 System V: Boost.Context's make_fcontext and
// jump_fcontext (a few instructions of assembly per arch/ABI, no signal-mask system call).
// Included only by fiber/context.h, which states the contract (Context, Make, Switch).
#pragma once

#include <cstddef>

#include <boost/context/detail/fcontext.hpp>

namespace warpsafe::engine::fiber {

// Boost's handle is the suspended fiber's stack pointer.
struct Context {
  boost::context::detail::fcontext_t f;
};
using EntryFn = void (*)();

inline bool Started(const Context& c) { return c.f != nullptr; }
inline void* StackPointer(const Context& c) { return c.f; }

// Boost hands the resumed side the suspended context and one pointer of data: the switch passes
// the Context where the suspended handle goes, and the resumed side stores it there.
template <EntryFn kEntry>
Context Make(void* stack_top, std::size_t size) {
  return Context{boost::context::detail::make_fcontext(stack_top, size, [](boost::context::detail::transfer_t t) {
    static_cast<Context*>(t.data)->f = t.fctx;
    kEntry();
    __builtin_trap();  // an entry never returns
  })};
}

// Boost's suspended context is its assembly's own frame, which the engine does not describe to an
// unwinder: a suspended fiber is not unwound here (fiber/unwind.h's callers fall back). False: fn
// was not called.
inline bool CallBelowResumePoint(const Context&, void (*)(void*), void*) { return false; }

inline void Switch(Context* save, const Context* to) {
  const boost::context::detail::transfer_t t = boost::context::detail::jump_fcontext(to->f, save);
  static_cast<Context*>(t.data)->f = t.fctx;
}

}  // namespace warpsafe::engine::fiber
