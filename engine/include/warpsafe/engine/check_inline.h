// The checker's inline access path (docs/semantics/checker.md, INLINE-1), for `warpsafe check`
// builds only: the common case of an instrumented load or store decided in the user's own code,
// without a call.
//
// Why. A checked build calls __sanitizer_cov_load4(address) (and its siblings) before every load
// and store of the user's code (cmake/WarpsafeCheck.cmake). Out of line, each call costs its entry,
// saved registers and return on top of the decision, and in a compute loop nearly every decision is
// the same one: "this lane, this instruction, an address inside a range of its own earlier accesses
// that nothing has changed since" (the fast path's memo, engine/src/race/access_memo.h). This header
// defines the callbacks themselves in the translation unit; the CLI's check build compiles the
// instrumented code with it to bitcode and compiles that again (tools/warpsafe/cli/toolchain.h,
// InlineStages), which inlines them, so that the memo's test runs in the loop and only what it
// cannot decide calls into the engine (__warpsafe_check_access). A compile in one step (a fallback,
// or a file too large for the second step to pay: InlineStepWorthIt) leaves this header out and
// calls the engine's own callbacks (engine/src/race/callbacks.cpp), which name an access by their
// return address.
//
// The contract with the engine (engine/src/race/callbacks.cpp, Detector::PublishInline): while
// `tls_lane` is the running lane and the detector's generation is the one published, every
// pointer of `tls_check_lane` is the running lane's (its memo, its stack, its pending store, its
// block's countdown) and the lane may be served here. Anything that may change what the fast path
// decides advances the generation (the memo's contract) or clears `view`.
//
// What an inline decision does is what the engine's fast path does for a memo hit (fast_access.h),
// with one difference in how progress is judged (progress.h): a hit at an address other than the
// instruction's previous one, in a range of more than ProgressWatch's table of its accesses, is
// progress without consulting the table (such a sweep evicts the table anyway: a spin that sweeps
// it is missed as before, and one over a few addresses still reaches the table, since its range is
// short or its address repeats). Everything else goes to the engine.
#pragma once

#include <stddef.h>

#include "warpsafe/engine/check_lane.h"

#ifdef __cplusplus  // a C file's accesses call the engine's own callbacks

// What the inline path cannot decide: the engine's fast path, then its full check. `pc` is the
// access's own address in the user's code (it symbolizes to the access's line).
extern "C" void __warpsafe_check_access(uintptr_t address, uintptr_t pc, unsigned size, bool write);

namespace warpsafe::engine::check_inline {

// No check of the user's build in here: the alignment and other undefined-behaviour checks would
// test this code's own loads, not the user's. No debug information either (`nodebug`), so that the
// callbacks have no subprogram of their own: the instrumentation calls them with the location of
// the access it instruments, and where that access has none (a parameter's copy to the stack in an
// inlined function's prologue is one), LLVM's verifier, reading the bitcode in the second step,
// rejects a call without a location to a function with a subprogram and drops the debug
// information of the whole file, so that every report on it lost its lines. Inlined at an access
// with a location, their code takes that location, which is the access's own line.
#define WARPSAFE_INLINE_CHECK_ATTRIBUTES \
  [[gnu::always_inline, gnu::nodebug, clang::no_sanitize("undefined", "address", "coverage")]]

// An access's window, with its place in the user's code in it: a zeroed InlineWindow that the
// statement reserves in .data, one per inlined copy (so per access in the source; `volatile` keeps
// two copies from being merged), whose `pc` is the address just after the statement's instruction.
// The access's size and kind are in the statement's text: copies of different callbacks never
// share a window even if the compiler merged statements of identical text. The window joins the
// section group of the code around it (the `?` flag): when the linker drops a copy of an inline or
// template function that another object also defines, it drops that copy's windows with it, which
// refer to its code. `pc`'s line is the access's own (the callbacks have no debug information).
template <unsigned N, bool kWrite>
WARPSAFE_INLINE_CHECK_ATTRIBUTES inline InlineWindow& Here() {
  InlineWindow* window;
  asm volatile(
      "leaq 2f(%%rip), %0\n1:\n"
      "\t.pushsection .data.warpsafe_windows,\"aw?\",@progbits\n"
      "\t.p2align 6\n"
      "2:\t.zero 56\n"
      "\t.quad 1b  # the window of a %c1-byte access, kind %c2\n"
      "\t.popsection"
      : "=r"(window)
      : "i"(N), "i"(kWrite ? 1 : 0));
  return *window;
}
static_assert(sizeof(InlineWindow) == 64 && offsetof(InlineWindow, pc) == 56, "Here's layout");

// A window's lane and epoch, and the lane's pointers it updates.
WARPSAFE_INLINE_CHECK_ATTRIBUTES inline void Fill(InlineWindow& w, const InlineCheckLane& l) {
  w.view = l.view;
  w.epoch = g_window_epoch;
  w.pending_store = l.pending_store;
  w.countdown = l.countdown;
}

// What the window cannot decide: the lane's stack, the memo's test (which may fill the window),
// then the engine. Out of line: the loop around an access keeps only the window's test, with its
// registers and its code.
template <unsigned N, bool kWrite>
[[gnu::noinline, gnu::nodebug, clang::no_sanitize("undefined", "address", "coverage")]] inline void Decide(uintptr_t a,
                                                                                          InlineWindow& w) {
  InlineCheckLane& l = tls_check_lane;
  if (__builtin_expect(tls_lane == l.view && l.generation == g_check_generation && (a & (N - 1)) == 0, 1)) {
    if (a - l.stack_low < l.stack_size) {
      // The lane's own stack: private; only a local array's guard zone matters (LOCAL-1).
      const auto* shadow = reinterpret_cast<const int8_t*>(0x7fff8000);
      if ((shadow[a >> 3] | shadow[(a + N - 1) >> 3]) == 0) return;
    } else {
      const uint64_t key = CheckMemoKey(w.pc, N, kWrite);
      InlineMemoEntry* set = l.memo + CheckMemoSet(key) * kCheckMemoWays;
      InlineMemoEntry* e = set[0].key == key ? set : set + 1;
      const unsigned countdown = *l.countdown;
      if (e->key == key && e->generation == l.generation && a - e->lo < e->len &&
          (a >> kCheckPageBits) == e->page && *e->stamp <= e->since && countdown > 1) {
        if (a != e->last && e->len > kCheckSweepAccesses * N) {
          // Progress (the sweep rule above); a store waiting to be judged no longer matters.
          e->last = a;
          *l.pending_store = 0;
          *l.progress = 1;
          *l.countdown = countdown - 1;
          // The window: the rest of the range on this page (the stamp's), ahead of this address.
          const uintptr_t page_end = (a | ((uintptr_t{1} << kCheckPageBits) - 1)) + 1;
          const uintptr_t end = e->lo + e->len;
          w.lo = a + N;
          w.hi = end < page_end ? end : page_end;
          w.same = kNoAddress;
          Fill(w, l);
          return;
        }
        if (kWrite && *l.pending_store == 0) {
          // A store is judged at the lane's next access, once its bytes are there.
          e->last = a;
          l.pending_store[0] = a;
          l.pending_store[1] = N;
          *l.countdown = countdown - 1;
          w.lo = w.hi = 0;
          w.same = a;
          Fill(w, l);
          return;
        }
      }
    }
  }
  __warpsafe_check_access(a, w.pc, N, kWrite);
}

template <unsigned N, bool kWrite>
WARPSAFE_INLINE_CHECK_ATTRIBUTES inline void Access(const volatile void* p) {
  InlineWindow& w = Here<N, kWrite>();
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  if constexpr (kWrite) {
    // The same store again (see "Windows"): the memo's decision for a store that is no sweep.
    // Tested first: a store to one address, a running total, is the commonest store in a loop.
    if (a == w.same && w.view == tls_lane && w.epoch == g_window_epoch && *w.pending_store == 0) {
      const unsigned countdown = *w.countdown;
      if (__builtin_expect(countdown > 1, 1)) {
        w.pending_store[0] = a;
        w.pending_store[1] = N;
        *w.countdown = countdown - 1;
        return;
      }
    }
  }
  if (__builtin_expect(a - w.lo < w.hi - w.lo, 1) && (a & (N - 1)) == 0 && w.view == tls_lane &&
      w.epoch == g_window_epoch) {
    // Further on in the window (see "Windows" above): the same decision as the memo's sweep hit,
    // without its step.
    w.lo = a + N;
    *w.pending_store = 0;
    return;
  }
  Decide<N, kWrite>(a, w);
}

}  // namespace warpsafe::engine::check_inline

#define WARPSAFE_INLINE_CHECK_CALLBACKS(N, T)                                                        \
  extern "C" WARPSAFE_INLINE_CHECK_ATTRIBUTES [[gnu::used]] inline void __sanitizer_cov_load##N(T* p) {     \
    warpsafe::engine::check_inline::Access<N, false>(p);                                              \
  }                                                                                                   \
  extern "C" WARPSAFE_INLINE_CHECK_ATTRIBUTES [[gnu::used]] inline void __sanitizer_cov_store##N(T* p) {    \
    warpsafe::engine::check_inline::Access<N, true>(p);                                               \
  }
WARPSAFE_INLINE_CHECK_CALLBACKS(1, uint8_t)
WARPSAFE_INLINE_CHECK_CALLBACKS(2, uint16_t)
WARPSAFE_INLINE_CHECK_CALLBACKS(4, uint32_t)
WARPSAFE_INLINE_CHECK_CALLBACKS(8, uint64_t)
WARPSAFE_INLINE_CHECK_CALLBACKS(16, __int128)
#undef WARPSAFE_INLINE_CHECK_CALLBACKS
#undef WARPSAFE_INLINE_CHECK_ATTRIBUTES
#endif  // __cplusplus
