// A GPU thread's local arrays, bounded (docs/semantics/memory_faults.md, LOCAL-1). Checked builds
// compile AddressSanitizer's stack layout in (cmake/WarpsafeCheck.cmake: -asan-stack=1): each
// function with local arrays puts guard zones ("redzones") around them and marks them in a shadow
// byte per 8 bytes of stack, at (address >> 3) + kShadowOffset, clearing the marks when it
// returns. The engine maps that shadow (MapLocalShadow, from __asan_init) and the detector tests
// the shadow of every access to the lane's own stack: an access that touches a guard zone ran
// past a local array (compute-sanitizer's "invalid __local__ access"), which would otherwise
// silently overwrite the thread's other locals or its return address.
//
// Shadow byte values (AddressSanitizer's encoding, which the compiled code writes): 0, the 8 bytes
// are usable; 1..7, only that many leading bytes are; negative, none is (a guard zone).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace warpsafe::engine::race {

// Where the compiler puts the shadow on x86-64 Linux (its default mapping offset).
inline constexpr std::uintptr_t kShadowOffset = 0x7fff8000;

// Set once the shadow is mapped; unit tests that call the detector by hand never map it.
extern bool g_local_shadow;

// Reserves the shadow of the whole address space (no memory is committed until written);
// idempotent. Reports and exits if the system refuses.
void MapLocalShadow();

inline const std::int8_t* ShadowOf(std::uintptr_t address) {
  return reinterpret_cast<const std::int8_t*>((address >> 3) + kShadowOffset);
}

// True when [address, address + size) touches bytes no local variable owns.
bool LocalRangePoisoned(std::uintptr_t address, std::size_t size);

// The common test, inlined: both ends' shadow bytes are zero (and a long range is checked whole).
inline bool LocalAccessPoisoned(std::uintptr_t address, std::size_t size) {
  if (!g_local_shadow) return false;
  if (size <= 16 && (*ShadowOf(address) | *ShadowOf(address + size - 1)) == 0) return false;
  return LocalRangePoisoned(address, size);
}

// Names the local array an out-of-bounds address belongs next to, from the frame description the
// compiler leaves at the frame's start: "`buf` (16 bytes, declared at line 7), 4 bytes past its
// end". Empty when the frame cannot be found.
std::string DescribeLocalOverrun(std::uintptr_t address, std::uintptr_t stack_low);

// Clears the shadow of [low, high): a fiber stack whose lane never returned from its frames (an
// aborted block) is reused by the next block's lanes.
void ClearLocalShadow(std::uintptr_t low, std::uintptr_t high);

}  // namespace warpsafe::engine::race
