#include "internal_error.h"

#include <unistd.h>

#include <cstdio>
#include <string>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

void InternalError(const char* file, int line, const char* condition, const char* expectation) {
  std::fflush(stdout);
  std::fprintf(stderr, "warpsafe: internal error (a bug in warpsafe, please report it)\n  %s:%d: %s\n  expected: %s\n",
               file, line, condition, expectation);
  _exit(kExitInternal);
}

void InternalErrorValues(const char* file, int line, const char* expression, std::int64_t expected,
                         std::int64_t actual) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "warpsafe: internal error (a bug in warpsafe, please report it)\n  %s:%d: %s\n  expected %lld, got %lld\n",
               file, line, expression, static_cast<long long>(expected), static_cast<long long>(actual));
  _exit(kExitInternal);
}

}  // namespace warpsafe::engine
