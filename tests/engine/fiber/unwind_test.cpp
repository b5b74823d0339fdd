// Unwinding a fiber's stack (engine/src/fiber/unwind.h): a suspended fiber from its resume point,
// a running one from inside, and one interrupted by a signal from the handler on its own stack.
// Each walk must list exactly the fiber's calls: a return address left in a stale slot of a frame
// (what a scan of the stack's words takes for a call) is never one of them.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "fiber/context.h"
#include "fiber/unwind.h"

namespace warpsafe::engine::fiber {
namespace {

constexpr std::size_t kStackSize = 256 * 1024;

struct Fixture {
  Context main;
  Context fiber;
  void* stack = nullptr;
  std::uintptr_t into_outer = 0;   // the return address of Inner's call in Outer
  std::uintptr_t into_entry = 0;   // the return address of Outer's call in the entry
  std::uintptr_t stale = 0;        // a return address from an earlier, finished call
  Frames here;                     // FramesHere taken in Inner
  Frames in_handler;               // FramesHere taken in a signal handler that interrupted Inner
  bool use_signal = false;
};
Fixture g;

[[gnu::noinline]] std::uintptr_t ReturnAddressOfACall() {
  const auto a = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  asm volatile("" ::: "memory");
  return a;
}

void OnSignal(int) { g.in_handler = FramesHere(64); }

[[gnu::noinline]] void Inner() {
  g.into_outer = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  // A large frame whose slots hold a return address that no call on the stack now has: what a
  // stack scan would take for the caller.
  volatile std::uintptr_t slots[64];
  for (auto& s : slots) s = g.stale;
  g.here = FramesHere(64);
  if (g.use_signal) raise(SIGUSR1);
  Switch(&g.fiber, &g.main);
  asm volatile("" ::"r"(slots[3]) : "memory");
}

[[gnu::noinline]] void Outer() {
  g.into_entry = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  Inner();
  asm volatile("" ::: "memory");  // keeps the call above a call (no tail call)
}

void Entry() {
  Outer();
  for (;;) Switch(&g.fiber, &g.main);
}

bool Holds(const Frames& f, std::uintptr_t a) {
  return std::any_of(f.frames.begin(), f.frames.end(), [&](const Frame& x) { return x.return_address == a; });
}
// Whether `inner` comes before `outer` in `f` (innermost first).
bool InOrder(const Frames& f, std::uintptr_t inner, std::uintptr_t outer) {
  std::size_t i = f.frames.size(), o = f.frames.size();
  for (std::size_t k = 0; k < f.frames.size(); ++k) {
    if (f.frames[k].return_address == inner && i == f.frames.size()) i = k;
    if (f.frames[k].return_address == outer && o == f.frames.size()) o = k;
  }
  return i < o && o < f.frames.size();
}

void RunFiberToInner(bool use_signal) {
  g = Fixture{};
  g.use_signal = use_signal;
  g.stale = ReturnAddressOfACall();
  g.stack = mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(g.stack, MAP_FAILED);
  g.fiber = Make<Entry>(static_cast<char*>(g.stack) + kStackSize, kStackSize);
  Switch(&g.main, &g.fiber);  // runs until Inner switches back
}

void Finish() {
  Switch(&g.main, &g.fiber);  // Inner returns, Entry switches back
  munmap(g.stack, kStackSize);
}

TEST(Unwind, ASuspendedFiberFromItsResumePoint) {
  RunFiberToInner(false);
  const Frames f = FramesOfSuspended(g.fiber, 64);
#if defined(__x86_64__) && defined(__ELF__) && !defined(WARPSAFE_FIBER_BOOST)
  EXPECT_TRUE(f.complete);
  EXPECT_TRUE(InOrder(f, g.into_outer, g.into_entry));
  EXPECT_FALSE(Holds(f, g.stale)) << "a stale slot was taken for a call";
  // Every frame is on the fiber's stack.
  for (const Frame& x : f.frames) {
    EXPECT_GE(x.cfa, reinterpret_cast<std::uintptr_t>(g.stack));
    EXPECT_LE(x.cfa, reinterpret_cast<std::uintptr_t>(g.stack) + kStackSize);
  }
#else
  EXPECT_TRUE(f.frames.empty() && !f.complete);  // Boost's switch: the callers fall back
#endif
  Finish();
}

TEST(Unwind, TheRunningFiberFromInside) {
  RunFiberToInner(false);
  EXPECT_TRUE(g.here.complete);
  EXPECT_TRUE(InOrder(g.here, g.into_outer, g.into_entry));
  EXPECT_FALSE(Holds(g.here, g.stale));
  Finish();
}

TEST(Unwind, AFiberFromASignalHandlerOnItsOwnStack) {
  std::vector<char> alt(64 * 1024);
  stack_t ss{}, old_ss{};
  ss.ss_sp = alt.data();
  ss.ss_size = alt.size();
  ASSERT_EQ(sigaltstack(&ss, &old_ss), 0);
  struct sigaction sa {}, old_sa{};
  sa.sa_handler = OnSignal;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  ASSERT_EQ(sigaction(SIGUSR1, &sa, &old_sa), 0);
  RunFiberToInner(true);
  sigaction(SIGUSR1, &old_sa, nullptr);
  sigaltstack(&old_ss, nullptr);
  EXPECT_TRUE(g.in_handler.complete);
  EXPECT_TRUE(InOrder(g.in_handler, g.into_outer, g.into_entry)) << "the walk did not cross the signal frame";
  EXPECT_FALSE(Holds(g.in_handler, g.stale));
  // The handler's own frames are on the signal stack, the interrupted code's on the fiber's.
  const auto alt_begin = reinterpret_cast<std::uintptr_t>(alt.data());
  EXPECT_TRUE(std::any_of(g.in_handler.frames.begin(), g.in_handler.frames.end(), [&](const Frame& x) {
    return x.cfa >= alt_begin && x.cfa <= alt_begin + alt.size();
  }));
  Finish();
}

TEST(Unwind, AFiberThatNeverRanHasNoCalls) {
  void* stack = mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(stack, MAP_FAILED);
  const Context made = Make<Entry>(static_cast<char*>(stack) + kStackSize, kStackSize);
  const Frames f = FramesOfSuspended(made, 64);
  // At most the entry itself; never a walk past the stack's top.
  EXPECT_LE(f.frames.size(), 1u);
  munmap(stack, kStackSize);
}

}  // namespace
}  // namespace warpsafe::engine::fiber
