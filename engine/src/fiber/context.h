// The one context-switch primitive of the engine, and the only file that chooses it per target:
//  - x86-64 System V (ELF): the engine's own inline-assembly switch (switch_x86_64_sysv.h);
//  - elsewhere (or with -DWARPSAFE_FIBER_BOOST, which keeps that path compiled and tested here):
//    Boost.Context's make_fcontext / jump_fcontext (switch_boost.h). Either costs a few
//    nanoseconds; ucontext's swapcontext costs ~570 ns (a signal-mask system call per switch).
// Both provide:
//    Context                                 a suspended fiber's resume point, a small value kept
//                                            where its owner keeps it ({}: no fiber)
//    bool Started(const Context&)            whether it holds a fiber
//    void* StackPointer(const Context&)      a suspended fiber's innermost stack address
//    template <EntryFn kEntry> Context Make(void* stack_top, std::size_t size)
//                                            a fiber that starts kEntry (void(), never returns)
//                                            on the stack [stack_top - size, stack_top)
//    void Switch(Context* save, const Context* to)
//                                            suspends the caller into *save and resumes *to;
//                                            returns when some fiber switches to *save
//    bool CallBelowResumePoint(const Context& c, void (*fn)(void*), void* arg)
//                                            calls fn(arg) where an unwinder sees the suspended
//                                            fiber `c` as fn's caller (fiber/unwind.h); false,
//                                            without calling fn, where the switch cannot say that
// Everything above this file is architecture-neutral.
//
// Floating-point control state. The SysV ABI makes the MXCSR and x87 control words callee-saved,
// which is why Boost saves them per context. The engine's own switch does not: every fiber of a
// worker thread shares the thread's control state instead. That is safe because a switch happens
// only inside an engine call (a scheduling point), and no one leaves a changed control word across
// one:
//  - CUDA device code has no rounding or exception state (the rounding direction is part of each
//    instruction: __fadd_rz, __float2int_rd, ...). The engine implements those by setting the
//    direction, doing the one operation and restoring it, with no scheduling point in between
//    (warpsafe/engine/device_functions.h);
//  - a program that called fesetround in device code anyway (nvcc rejects it: a host function)
//    would see its mode in the other lanes of its block. The worker thread's own state is saved
//    before a block runs and restored after it (FpControl), so it never leaks to host code.
#pragma once

#include <cstdint>

#if defined(__x86_64__) && defined(__ELF__) && !defined(WARPSAFE_FIBER_BOOST)
#include "fiber/switch_x86_64_sysv.h"

namespace warpsafe::engine::fiber {

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

}  // namespace warpsafe::engine::fiber
#else
#include "fiber/switch_boost.h"

namespace warpsafe::engine::fiber {

// Boost's switch keeps each context's control words: nothing to save around a block.
struct FpControl {
  static FpControl Save() { return {}; }
  void Restore() const {}
};

}  // namespace warpsafe::engine::fiber
#endif
