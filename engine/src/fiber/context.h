// The one context-switch primitive of the engine. Contexts are made by Boost.Context's
// make_fcontext (a few instructions of assembly per arch/ABI, no signal-mask system call: a round
// trip costs ~13 ns where ucontext's swapcontext costs ~570 ns). The switch itself is:
//  - on x86-64 System V (ELF), the engine's own warpsafe_jump_fcontext
//    (jump_x86_64_sysv_elf.S): Boost's frame, without saving and restoring the MXCSR and x87
//    control words on every switch;
//  - elsewhere, Boost's jump_fcontext.
// Everything above this file is architecture-neutral.
//
// Floating-point control state. The SysV ABI makes the MXCSR and x87 control words callee-saved,
// which is why Boost saves them per context. Here every fiber of a worker thread shares the
// thread's control state instead. That is safe because a switch happens only inside an engine
// call (a scheduling point), and no one leaves a changed control word across one:
//  - CUDA device code has no rounding or exception state (the rounding direction is part of each
//    instruction: __fadd_rz, __float2int_rd, ...). The engine implements those by setting the
//    direction, doing the one operation and restoring it, with no scheduling point in between
//    (warpsafe/engine/device_functions.h);
//  - a program that called fesetround in device code anyway (nvcc rejects it: a host function)
//    would see its mode in the other lanes of its block. The worker thread's own state is saved
//    before a block runs and restored after it (FpControl), so it never leaks to host code.
#pragma once

#include <cstddef>
#include <cstdint>

#include <boost/context/detail/fcontext.hpp>

namespace warpsafe::engine::fiber {

using Context = boost::context::detail::fcontext_t;
using Transfer = boost::context::detail::transfer_t;
using EntryFn = void (*)(Transfer);

// Prepares a context that will run `fn` on the stack [stack_top - size, stack_top).
inline Context Make(void* stack_top, std::size_t size, EntryFn fn) {
  return boost::context::detail::make_fcontext(stack_top, size, fn);
}

#if defined(__x86_64__) && defined(__ELF__)
extern "C" Transfer warpsafe_jump_fcontext(Context to, void* data);

// Suspends the caller and resumes `to`, handing it `data`. Returns when someone resumes the
// caller; the Transfer then holds the resumer's suspended context and its data.
inline Transfer Jump(Context to, void* data) { return warpsafe_jump_fcontext(to, data); }

// The calling thread's floating-point control words (not its status flags).
struct FpControl {
  std::uint32_t mxcsr;
  std::uint16_t x87_cw;
  static FpControl Save() {
    FpControl c;
    __asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(c.mxcsr), "=m"(c.x87_cw));
    return c;
  }
  // Restores the control bits; MXCSR's exception flags (bits 0-5) stay as they are now.
  void Restore() const {
    std::uint32_t now;
    __asm__ volatile("stmxcsr %0" : "=m"(now));
    const std::uint32_t next = (mxcsr & ~0x3fu) | (now & 0x3fu);
    __asm__ volatile("ldmxcsr %0\n\tfldcw %1" : : "m"(next), "m"(x87_cw));
  }
};
#else
inline Transfer Jump(Context to, void* data) { return boost::context::detail::jump_fcontext(to, data); }

// Boost's switch keeps each context's control words: nothing to save around a block.
struct FpControl {
  static FpControl Save() { return {}; }
  void Restore() const {}
};
#endif

}  // namespace warpsafe::engine::fiber
