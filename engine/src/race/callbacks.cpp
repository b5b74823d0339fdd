// The sanitizer-coverage callbacks (callbacks.h). The first one to run turns the detector on
// (race::Enabled()): only a program built for `warpsafe check` ever calls them. Each forwards
// (address, size, read/write, return address) to the detector, which ignores host code and the
// lane's own stack before anything else.
#include "race/callbacks.h"

#include <atomic>

#include "race/detector.h"
#include "race/intrinsics.h"
#include "race/race.h"

namespace warpsafe::engine::race {
extern std::atomic<bool> g_enabled;
}  // namespace warpsafe::engine::race

namespace {

// Inlined into each callback, whose own return address is in the user's code: its file:line is
// the access's, symbolized only when a report is written.
[[gnu::always_inline]] inline void OnAccess(const volatile void* address, std::size_t size, bool write,
                                            void* return_address) {
  using namespace warpsafe::engine;
  if (__builtin_expect(!race::g_enabled.load(std::memory_order_relaxed), 0)) race::Enable();
  if (tls_lane == nullptr) {  // host code: checked only while a launch is unsynchronised (MEM-4)
    if (__builtin_expect(race::g_host_unsynchronized.load(std::memory_order_relaxed), 0)) {
      race::GetDetector().HostAccess(reinterpret_cast<std::uintptr_t>(address), size, write,
                                     reinterpret_cast<std::uintptr_t>(return_address));
    }
    return;
  }
  race::GetDetector().Access(reinterpret_cast<std::uintptr_t>(address), size, write,
                             reinterpret_cast<std::uintptr_t>(return_address));
}

}  // namespace

#define WARPSAFE_ACCESS_CALLBACKS(N)                                           \
  extern "C" void __sanitizer_cov_load##N(const volatile void* address) {      \
    OnAccess(address, N, false, __builtin_return_address(0));                  \
  }                                                                            \
  extern "C" void __sanitizer_cov_store##N(const volatile void* address) {     \
    OnAccess(address, N, true, __builtin_return_address(0));                   \
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
