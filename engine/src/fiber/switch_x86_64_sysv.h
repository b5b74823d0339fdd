// The engine's context switch on x86-64 System V: inline assembly in the function that switches.
// Included only by fiber/context.h, which states the contract (Context, Make, Switch).
//
// Why inline. An out-of-line switch (Boost's jump_fcontext, or the engine's earlier assembly file)
// must save and restore all six callee-saved registers, whatever the caller keeps in them, and
// adds a call, a return and the plumbing of its transfer_t. Here the asm statement declares every
// register but rsp and rbp clobbered, so the compiler keeps across the switch only the values that
// are live after it, in the caller's own frame, and the switch itself is seven instructions (it
// was about 23 through Boost: call, 19 in the switch, transfer_t), plus the compiler's spills and
// reloads of what is live across it.
//
// Branch prediction. A suspended context resumes with an indirect `jmp` to the address after its
// own asm statement, never with a `ret`: no call is left unmatched, so the CPU's return-address
// stack stays balanced (the reason the engine stopped using Boost's `jmp` after a `call`). The
// lanes of a warp usually wait in the same function, so the jump's target, and every return
// after it up the resumed lane's call chain, is predicted.
//
// The resumed side finds `to`, the Context it was resumed through, in rsi: the assembly path of
// Shfl (warp/shuffle_fast_path_x86_64_sysv.S) reads its lane's record from there when it resumes,
// and leaves the same register set when it switches.
//
// The resume point lives in the Context itself, not on the fiber's stack: the stack pointer, the
// address to resume at, and the frame pointer (saved rather than declared clobbered, because a
// build with frame pointers, -O0 or -fno-omit-frame-pointer, may not clobber rbp). The switch writes
// nothing below the caller's stack pointer (so no red zone to step over) and touches no stack line:
// the resuming side loads its stack and frame pointers in parallel from one record, instead of
// loading the stack pointer and then popping through it. With 256 lanes a block the lanes' stacks
// no longer fit in L1, and a suspended lane's record is read anyway. The MXCSR and x87 control
// words are neither saved nor restored: the fibers of a worker share the thread's (context.h says
// why that is safe).
#pragma once

#include <cstddef>
#include <cstdint>

namespace warpsafe::engine::fiber {

// A suspended fiber's resume point. Value-initialised ({}): no fiber.
struct Context {
  void* sp;
  void* pc;
  void* bp;
};
using EntryFn = void (*)();

// Whether `c` holds a fiber (made or suspended).
inline bool Started(const Context& c) { return c.pc != nullptr; }
// The suspended fiber's stack pointer: its innermost frame, for walking its stack.
inline void* StackPointer(const Context& c) { return c.sp; }

// A context that starts `kEntry` on the stack that ends at `stack_top`, as if `kEntry` had been
// called (rsp = 8 mod 16) from a null return address: it must never return.
template <EntryFn kEntry>
Context Make(void* stack_top, std::size_t /*size*/) {
  const std::uintptr_t top = reinterpret_cast<std::uintptr_t>(stack_top) & ~std::uintptr_t{15};
  void** const ret_slot = reinterpret_cast<void**>(top - 8);
  *ret_slot = nullptr;
  return Context{ret_slot, reinterpret_cast<void*>(kEntry), nullptr};
}

// Calls fn(arg) on the caller's stack through a frame whose call-frame information names the
// fiber suspended in `c` as its caller (unwind_x86_64_sysv.S): an unwinder walking up from fn goes
// on into the fiber's frames, from its resume point (fiber/unwind.cpp). True: fn was called.
extern "C" void warpsafe_fiber_call_below_resume_point(void* sp, void* pc, void* bp, void (*fn)(void*), void* arg);
inline bool CallBelowResumePoint(const Context& c, void (*fn)(void*), void* arg) {
  warpsafe_fiber_call_below_resume_point(c.sp, c.pc, c.bp, fn, arg);
  return true;
}

// Suspends the caller, its resume point stored in *save, and resumes the fiber `*to`. Returns
// when some fiber switches to *save.
[[gnu::always_inline]] inline void Switch(Context* save, const Context* to) {
  // rdi and rsi carry the operands and count as clobbered ("+D", "+S"): with every other register
  // clobbered, no register is left for a plain input.
  asm volatile(
      "leaq 1f(%%rip), %%rax\n\t"
      "movq %%rsp, (%%rdi)\n\t"     // save->sp
      "movq %%rax, 8(%%rdi)\n\t"    // save->pc: the label below
      "movq %%rbp, 16(%%rdi)\n\t"   // save->bp
      "movq (%%rsi), %%rsp\n\t"
      "movq 16(%%rsi), %%rbp\n\t"
      "jmpq *8(%%rsi)\n"
      "1:"
      : "+D"(save), "+S"(to)
      :
      : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
        "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
        "xmm12", "xmm13", "xmm14", "xmm15",
#if defined(__AVX512F__)
        "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26",
        "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "k1", "k2", "k3", "k4", "k5", "k6", "k7",
#endif
        "st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)", "memory", "cc");
}

}  // namespace warpsafe::engine::fiber
