// The memory intrinsics of a checked program: memcpy, memmove and memset, whether written as calls,
// as __builtin_* or produced by the compiler (aggregate copies and assignments, loops it
// recognises). WARPSAFE_CHECK_COMPILE_OPTIONS (cmake/WarpsafeCheck.cmake) builds the program with
// AddressSanitizer's instrumentation reduced to its handling of these intrinsics: every one becomes
// a call to __asan_memcpy / __asan_memmove / __asan_memset, defined here, and nothing else of
// AddressSanitizer is used (no shadow, no runtime). Each call checks its source as one read of a
// byte range and its destination as one write (races, out-of-bounds, uninitialised reads), then
// copies. Declared here so that tests built without instrumentation can call them by hand.
#pragma once

#include <cstddef>

extern "C" {
void* __asan_memcpy(void* to, const void* from, std::size_t size);
void* __asan_memmove(void* to, const void* from, std::size_t size);
void* __asan_memset(void* to, int value, std::size_t size);
// Called by AddressSanitizer's module constructor of every instrumented translation unit.
void __asan_init();
void __asan_version_mismatch_check_v8();
void __asan_handle_no_return();
}

namespace warpsafe::engine::race {
// Referenced by callbacks.cpp so that any instrumented program links this file's definitions.
void LinkIntrinsics();
}  // namespace warpsafe::engine::race
