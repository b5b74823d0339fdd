// The graph programs' check: a failed expectation prints its line and counts; each program prints
// its "ok" line only when none failed.
#pragma once

#include <cstdio>

static int g_failures = 0;
#define EXPECT(cond)                                          \
  do {                                                        \
    if (!(cond)) {                                            \
      std::printf("line %d: expected %s\n", __LINE__, #cond); \
      ++g_failures;                                           \
    }                                                         \
  } while (0)
