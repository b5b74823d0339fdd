// intrinsics.h: memcpy, memmove and memset of a checked program, as byte-range accesses.
#include "race/intrinsics.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "race/detector.h"
#include "race/local_memory.h"
#include "race/race.h"

namespace warpsafe::engine::race {

void LinkIntrinsics() {}

namespace {

// The source is read before the destination is written, as the copy does; for an overlapping
// move both checks see the bytes as they were before it.
void Check(const void* to, const void* from, int fill, std::size_t size, std::uintptr_t pc) {
  if (!Enabled()) Enable();
  if (tls_lane == nullptr || size == 0) return;  // host code
  Detector& d = GetDetector();
  if (from != nullptr) d.Access(reinterpret_cast<std::uintptr_t>(from), size, false, pc);
  d.AccessWithValue(reinterpret_cast<std::uintptr_t>(to), size, pc, from, fill);
}

}  // namespace
}  // namespace warpsafe::engine::race

using warpsafe::engine::race::Check;

extern "C" void* __asan_memcpy(void* to, const void* from, std::size_t size) {
  Check(to, from, -1, size, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
  return std::memcpy(to, from, size);
}
extern "C" void* __asan_memmove(void* to, const void* from, std::size_t size) {
  Check(to, from, -1, size, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
  return std::memmove(to, from, size);
}
extern "C" void* __asan_memset(void* to, int value, std::size_t size) {
  Check(to, nullptr, value & 0xff, size, reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
  return std::memset(to, value, size);
}
// Called by every instrumented file's constructor, before any of its code runs: the shadow of local
// memory must exist before the first frame writes it (local_memory.h).
extern "C" void __asan_init() {
  warpsafe::engine::race::MapLocalShadow();
  warpsafe::engine::race::Enable();
}
extern "C" void __asan_version_mismatch_check_v8() {}
// Called before every call that does not return (AddressSanitizer unpoisons the stack there; there
// is no poison here).
extern "C" void __asan_handle_no_return() {}

// The clang driver links AddressSanitizer's small static helper library whenever -fsanitize=address
// is given, even with -fno-sanitize-link-runtime; its check routines name these reporting
// functions. Nothing calls them, since loads and stores are not instrumented by AddressSanitizer:
// they exist so that the program links.
#define WARPSAFE_ASAN_UNUSED_REPORT(NAME)                                                     \
  extern "C" void NAME(std::uintptr_t) {                                                      \
    std::fputs("warpsafe: internal error: an AddressSanitizer check ran in a checked build\n", \
               stderr);                                                                       \
    std::abort();                                                                             \
  }
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_load1)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_load2)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_load4)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_load8)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_load16)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_store1)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_store2)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_store4)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_store8)
WARPSAFE_ASAN_UNUSED_REPORT(__asan_report_store16)
