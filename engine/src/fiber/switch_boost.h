// The context switch on every target but x86-64 System V: Boost.Context's make_fcontext and
// jump_fcontext (a few instructions of assembly per arch/ABI, no signal-mask system call).
// Included only by fiber/context.h, which states the contract (Context, Make, Switch).
#pragma once

#include <cstddef>

#include <boost/context/detail/fcontext.hpp>

namespace warpsafe::engine::fiber {

using Context = boost::context::detail::fcontext_t;
using EntryFn = void (*)();

// Boost hands the resumed side the suspended context and one pointer of data: the switch passes
// the slot where the suspended context goes, and the resumed side stores it there.
template <EntryFn kEntry>
Context Make(void* stack_top, std::size_t size) {
  return boost::context::detail::make_fcontext(stack_top, size, [](boost::context::detail::transfer_t t) {
    *static_cast<Context*>(t.data) = t.fctx;
    kEntry();
    __builtin_trap();  // an entry never returns
  });
}

inline void Switch(Context* save, Context to) {
  const boost::context::detail::transfer_t t = boost::context::detail::jump_fcontext(to, save);
  *static_cast<Context*>(t.data) = t.fctx;
}

}  // namespace warpsafe::engine::fiber
