// `clock()` as CUDA declares it: one function for host and device code. On the host it is the C
// library's processor time; in device code it reads the SM's cycle counter (nvcc compiles it to a
// read of %clock64). Device code calls the same `clock` symbol as host code (the engine compiles
// both as C++), so the engine defines that symbol and answers by the calling thread: a GPU thread
// gets clock64()'s counter, any other thread the processor time, computed as the C library does.
// Without this, a kernel that waits for a number of cycles read from cudaDeviceProp::clockRate
// (a common way to keep a GPU busy) counted microseconds of CPU time shared by every fiber of
// the process, and waited for hours.
//
// The definition takes the place of the C library's for the program (the engine's archive is
// linked before libc, and an executable's definition interposes a shared library's).
#include <ctime>

#include "sched/lane.h"
#include "warpsafe/engine/api.h"

extern "C" clock_t clock() noexcept {
  if (::warpsafe::engine::CurrentLaneOrNull() != nullptr) {
    return static_cast<clock_t>(::warpsafe::engine::Clock64());
  }
  timespec ts{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return static_cast<clock_t>(-1);
  return static_cast<clock_t>(ts.tv_sec) * CLOCKS_PER_SEC +
         static_cast<clock_t>(ts.tv_nsec / (1000000000L / CLOCKS_PER_SEC));
}
