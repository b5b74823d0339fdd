#include "race/local_memory.h"

#include <sys/mman.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine::race {

bool g_local_shadow = false;

namespace {

// The shadow of the low and high halves of the 47-bit address space; the shadow of the shadow
// (the gap between them) is never written.
constexpr std::uintptr_t kLowShadowBegin = kShadowOffset;
constexpr std::uintptr_t kLowShadowEnd = 0x00008fff7000;
constexpr std::uintptr_t kHighShadowBegin = 0x02008fff7000;
constexpr std::uintptr_t kHighShadowEnd = 0x10007fff8000;

// The compiler's frame layout: a guard zone of this value opens every instrumented frame, whose
// first 8 bytes hold kFrameMagic and the next 8 a pointer to its description,
// "<count> (<offset> <size> <name length> <name[:line]>)...".
constexpr std::int8_t kFrameLeftGuard = static_cast<std::int8_t>(0xf1);
constexpr std::uint64_t kFrameMagic = 0x41B58AB3;

bool Reserve(std::uintptr_t begin, std::uintptr_t end) {
  void* p = mmap(reinterpret_cast<void*>(begin), end - begin, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED) return false;
  if (p != reinterpret_cast<void*>(begin)) {  // an old kernel took the address as a hint
    munmap(p, end - begin);
    return false;
  }
  return true;
}

}  // namespace

void MapLocalShadow() {
  if (g_local_shadow) return;
  if (!Reserve(kLowShadowBegin, kLowShadowEnd) || !Reserve(kHighShadowBegin, kHighShadowEnd)) {
    std::fputs("warpsafe: internal error: cannot reserve the checker's shadow of local memory (the address "
               "range AddressSanitizer uses is taken, or the system limits virtual memory)\n",
               stderr);
    std::_Exit(kExitInternal);
  }
  g_local_shadow = true;
}

bool LocalRangePoisoned(std::uintptr_t a, std::size_t size) {
  const std::uintptr_t end = a + size;
  for (std::uintptr_t g = a & ~std::uintptr_t{7}; g < end; g += 8) {
    const std::int8_t s = *ShadowOf(g);
    if (s == 0) continue;
    if (s < 0) return true;
    // Only the first s bytes of this granule are usable.
    const std::uintptr_t last = (end < g + 8 ? end : g + 8) - 1;
    if (last >= g + static_cast<std::uintptr_t>(s)) return true;
  }
  return false;
}

std::string DescribeLocalOverrun(std::uintptr_t a, std::uintptr_t stack_low) {
  // Walk down to the frame's opening guard zone: the first granule of a run of kFrameLeftGuard.
  std::uintptr_t g = a & ~std::uintptr_t{7};
  while (g >= stack_low + 8 && *ShadowOf(g) != kFrameLeftGuard) g -= 8;
  while (g >= stack_low + 8 && *ShadowOf(g - 8) == kFrameLeftGuard) g -= 8;
  if (g < stack_low + 8 || *ShadowOf(g) != kFrameLeftGuard) return "";
  const auto* frame = reinterpret_cast<const std::uint64_t*>(g);
  if (frame[0] != kFrameMagic) return "";
  const char* description = reinterpret_cast<const char*>(frame[1]);
  // Parse the variables; name the last one that starts at or before the address.
  char* p = const_cast<char*>(description);
  const long count = std::strtol(p, &p, 10);
  const std::uintptr_t offset = a - g;
  std::string best;
  long best_offset = -1;
  long best_size = 0;
  for (long i = 0; i < count; ++i) {
    const long off = std::strtol(p, &p, 10);
    const long size = std::strtol(p, &p, 10);
    const long length = std::strtol(p, &p, 10);
    if (*p == ' ') ++p;
    const std::string name(p, static_cast<std::size_t>(length));
    p += length;
    if (off <= static_cast<long>(offset) && off > best_offset) {
      best = name;
      best_offset = off;
      best_size = size;
    }
  }
  if (best_offset < 0) return "";
  // "name:line" when the compiler knew the line; "name.i.i" when inlining renamed the variable.
  std::string line;
  const std::size_t colon = best.rfind(':');
  if (colon != std::string::npos) {
    line = best.substr(colon + 1);
    best.resize(colon);
  }
  const std::size_t dot = best.find('.');
  if (dot != std::string::npos && dot > 0) best.resize(dot);
  const long past = static_cast<long>(offset) - best_offset - best_size;
  std::string text = "local memory: the thread's local array `" + best + "` (" + std::to_string(best_size) + " bytes" +
                     (line.empty() ? std::string() : ", declared at line " + line) + ")";
  if (past >= 0) return text + ", " + std::to_string(past) + " bytes past its end";
  return text + ", at +" + std::to_string(offset - static_cast<std::uintptr_t>(best_offset));
}

void ClearLocalShadow(std::uintptr_t low, std::uintptr_t high) {
  if (!g_local_shadow || high <= low) return;
  auto* begin = const_cast<std::int8_t*>(ShadowOf(low));
  std::memset(begin, 0, (high - low) / 8);
}

}  // namespace warpsafe::engine::race

// The compiler writes long runs of one shadow value through these (its stack layout, above).
#define WARPSAFE_SET_SHADOW(SUFFIX, VALUE)                                          \
  extern "C" void __asan_set_shadow_##SUFFIX(std::uintptr_t shadow, std::size_t n) { \
    std::memset(reinterpret_cast<void*>(shadow), VALUE, n);                          \
  }
WARPSAFE_SET_SHADOW(00, 0x00)
WARPSAFE_SET_SHADOW(f1, 0xf1)
WARPSAFE_SET_SHADOW(f2, 0xf2)
WARPSAFE_SET_SHADOW(f3, 0xf3)
WARPSAFE_SET_SHADOW(f5, 0xf5)
WARPSAFE_SET_SHADOW(f8, 0xf8)
