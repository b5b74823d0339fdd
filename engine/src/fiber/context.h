// The one context-switch primitive of the engine: Boost.Context's fcontext (a few instructions of
// assembly per arch/ABI, no signal-mask system call), which round-trips in ~13 ns where ucontext's
// swapcontext costs ~570 ns. Everything above this file is architecture-neutral.
#pragma once

#include <cstddef>

#include <boost/context/detail/fcontext.hpp>

namespace warpsafe::engine::fiber {

using Context = boost::context::detail::fcontext_t;
using Transfer = boost::context::detail::transfer_t;
using EntryFn = void (*)(Transfer);

// Prepares a context that will run `fn` on the stack [stack_top - size, stack_top).
inline Context Make(void* stack_top, std::size_t size, EntryFn fn) {
  return boost::context::detail::make_fcontext(stack_top, size, fn);
}

// Suspends the caller and resumes `to`, handing it `data`. Returns when someone resumes the
// caller; the Transfer then holds the resumer's suspended context and its data.
inline Transfer Jump(Context to, void* data) { return boost::context::detail::jump_fcontext(to, data); }

}  // namespace warpsafe::engine::fiber
