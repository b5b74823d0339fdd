// Device assert: a failed assert in a GPU thread prints CUDA's message and aborts the grid; the
// launch then fails with cudaErrorAssert (sticky, as on a GPU). In host code assert is the C
// library's. Linked with --wrap=__assert_fail.
#include <cstdio>

#include "sched/block.h"

using warpsafe::engine::CurrentLaneOrNull;
using warpsafe::engine::Lane;

extern "C" {
[[noreturn]] void __real___assert_fail(const char* assertion, const char* file, unsigned line, const char* function);

[[noreturn]] void __wrap___assert_fail(const char* assertion, const char* file, unsigned line, const char* function) {
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) __real___assert_fail(assertion, file, line, function);
  const uint3 b = lane->view.block_idx;
  const uint3 t = lane->view.thread_idx;
  // CUDA's own format, so that scripts that grep device asserts keep working.
  std::fflush(stdout);
  std::fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file, line,
               function, b.x, b.y, b.z, t.x, t.y, t.z, assertion);
  lane->block->Abort(*lane, 710 /* cudaErrorAssert */);
}
}
