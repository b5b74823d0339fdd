// The sanitizer-coverage callbacks (callbacks.h). The first one to run turns the detector on
// (race::Enabled()): only a program built for `warpsafe check` ever calls them. Each forwards
// (address, size, read/write, return address) to the detector: its inline fast path
// (fast_access.h) first, Detector::Access when that cannot decide.
#include "race/callbacks.h"

#include <atomic>

#include "race/detector.h"
#include "race/fast_access.h"
#include "race/intrinsics.h"
#include "race/race.h"

namespace warpsafe::engine::race {
extern std::atomic<bool> g_enabled;
}  // namespace warpsafe::engine::race

namespace {

// The detector, without GetDetector()'s call and guard on every access.
warpsafe::engine::race::Detector* g_detector = nullptr;

// Inlined into each callback, whose own return address is in the user's code: its file:line is
// the access's, symbolized only when a report is written.
template <unsigned N>
[[gnu::always_inline]] inline void OnAccess(const volatile void* address, bool write, void* return_address) {
  constexpr std::size_t size = N;
  using namespace warpsafe::engine;
  if (__builtin_expect(!race::g_enabled.load(std::memory_order_relaxed), 0)) race::Enable();
  if (tls_lane == nullptr) {  // host code: checked only while a launch is unsynchronised (MEM-4)
    if (__builtin_expect(race::g_host_unsynchronized.load(std::memory_order_relaxed), 0)) {
      race::GetDetector().HostAccess(reinterpret_cast<std::uintptr_t>(address), size, write,
                                     reinterpret_cast<std::uintptr_t>(return_address));
    }
    return;
  }
  race::Detector* detector = g_detector;
  if (__builtin_expect(detector == nullptr, 0)) detector = g_detector = &race::GetDetector();
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  const auto pc = reinterpret_cast<std::uintptr_t>(return_address);
  if (__builtin_expect(detector->FastAccess<N>(a, write, pc), 1)) return;
  detector->Access(a, size, write, pc);
}

}  // namespace

#define WARPSAFE_ACCESS_CALLBACKS(N)                                           \
  extern "C" void __sanitizer_cov_load##N(const volatile void* address) {      \
    OnAccess<N>(address, false, __builtin_return_address(0));                  \
  }                                                                            \
  extern "C" void __sanitizer_cov_store##N(const volatile void* address) {     \
    OnAccess<N>(address, true, __builtin_return_address(0));                   \
  }

// What the inline path (warpsafe/engine/check_inline.h) could not decide, at `pc`, the access's
// own address in the user's code; then the running lane is published to it again.
extern "C" void __warpsafe_check_access(std::uintptr_t address, std::uintptr_t pc, unsigned size, bool write) {
  const auto* p = reinterpret_cast<const volatile void*>(address);
  auto* where = reinterpret_cast<void*>(pc);
  switch (size) {
    case 1: OnAccess<1>(p, write, where); break;
    case 2: OnAccess<2>(p, write, where); break;
    case 4: OnAccess<4>(p, write, where); break;
    case 8: OnAccess<8>(p, write, where); break;
    default: OnAccess<16>(p, write, where); break;
  }
  if (g_detector != nullptr) g_detector->PublishInline(warpsafe::engine::tls_lane);
}

WARPSAFE_ACCESS_CALLBACKS(1)
WARPSAFE_ACCESS_CALLBACKS(2)
WARPSAFE_ACCESS_CALLBACKS(4)
WARPSAFE_ACCESS_CALLBACKS(8)
WARPSAFE_ACCESS_CALLBACKS(16)

extern "C" void __sanitizer_cov_8bit_counters_init(char*, char*) {
  // An instrumented program also calls the memory-intrinsic entry points: keep them linked.
  warpsafe::engine::race::LinkIntrinsics();
  warpsafe::engine::race::Enable();
}
extern "C" void __sanitizer_cov_trace_pc_guard_init(std::uint32_t*, std::uint32_t*) {
  warpsafe::engine::race::Enable();
}
extern "C" void __sanitizer_cov_trace_pc_guard(std::uint32_t*) {}
