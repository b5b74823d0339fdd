// The sanitizer-coverage callbacks that clang calls for every load and store of a program built
// with WARPSAFE_CHECK_COMPILE_OPTIONS (cmake/WarpsafeCheck.cmake). Declared here (with untyped
// pointers: C linkage ignores parameter types) so that tests compiled without instrumentation can
// call them by hand before the access they stand for: `__sanitizer_cov_store4(&x); x = 1;`.
#pragma once

#include <cstdint>

extern "C" {
void __sanitizer_cov_load1(const volatile void* address);
void __sanitizer_cov_load2(const volatile void* address);
void __sanitizer_cov_load4(const volatile void* address);
void __sanitizer_cov_load8(const volatile void* address);
void __sanitizer_cov_load16(const volatile void* address);
void __sanitizer_cov_store1(const volatile void* address);
void __sanitizer_cov_store2(const volatile void* address);
void __sanitizer_cov_store4(const volatile void* address);
void __sanitizer_cov_store8(const volatile void* address);
void __sanitizer_cov_store16(const volatile void* address);
// The coverage kind clang 14 needs next to trace-loads/trace-stores (inline-8bit-counters) calls
// this once per module; the counters themselves are not used.
void __sanitizer_cov_8bit_counters_init(char* start, char* end);
// The same for trace-pc-guard, should a build choose that kind instead.
void __sanitizer_cov_trace_pc_guard_init(std::uint32_t* start, std::uint32_t* end);
void __sanitizer_cov_trace_pc_guard(std::uint32_t* guard);
}
