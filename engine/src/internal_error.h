// The engine's channel for its own invariants (never for findings about the user's program, which
// go through report/report.h). A failed invariant is a warpsafe bug: it says what was expected and
// where, and exits with kExitInternal.
#pragma once

#include <cstdint>

namespace warpsafe::engine {

[[noreturn]] void InternalError(const char* file, int line, const char* condition, const char* expectation);
[[noreturn]] void InternalErrorValues(const char* file, int line, const char* expression, std::int64_t expected,
                                      std::int64_t actual);

}  // namespace warpsafe::engine

#define WARPSAFE_ASSERT(condition, expectation)                                           \
  do {                                                                                    \
    if (!(condition)) ::warpsafe::engine::InternalError(__FILE__, __LINE__, #condition, expectation); \
  } while (0)

#define WARPSAFE_ASSERT_EQ(expected, actual)                                                        \
  do {                                                                                              \
    const auto ws_e = (expected);                                                                   \
    const auto ws_a = (actual);                                                                     \
    if (!(ws_e == ws_a))                                                                            \
      ::warpsafe::engine::InternalErrorValues(__FILE__, __LINE__, #actual, static_cast<std::int64_t>(ws_e), \
                                              static_cast<std::int64_t>(ws_a));                     \
  } while (0)
