// The engine's run-time options: read once from the environment (WARPSAFE_*), overridden by the
// flags of a standalone executable (engine_main.cpp) or by tests through SetOptions().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace warpsafe::engine {

// lockstep: round-robin (pre-Volta); random: independent thread scheduling, uniform and fair;
// pct: probabilistic concurrency testing (random priorities, depth-1 change points);
// runahead: a lane runs as far as it can before another runs (the most divergence).
enum class Schedule { kLockstep, kRandom, kPct, kRunahead };

// The most OS threads that run blocks (--workers, WARPSAFE_WORKERS).
inline constexpr unsigned kMaxWorkers = 4096;

struct Options {
  Schedule schedule = Schedule::kRandom;
  std::uint64_t seed = 1;
  int arch = 90;                 // compute capability x10 (sm_90 -> 90); set by the built program
  unsigned workers = 0;          // OS threads that run blocks; 0 = one per core
  std::size_t stack_size = 256 * 1024;  // per GPU thread, plus a guard page
  std::uint64_t livelock_steps = 20'000'000;  // scheduling steps of one block without progress
  unsigned hang_seconds = 60;    // a lane that reaches no scheduling point for this long is reported
  unsigned pct_depth = 3;        // PCT's d: d-1 priority change points per block
  std::uint64_t pct_steps = 4096;  // change points are drawn from the first pct_steps steps of a block
  std::string replay;            // the command that reruns this program, printed in reports
  // The progress line on a terminal (sched/progress.cpp): shown once a launch has run this many
  // seconds; 0 turns it off (WARPSAFE_PROGRESS=0, `warpsafe run -q`).
  unsigned progress_seconds = 3;
};

const Options& GetOptions();
// Also restarts the launch sequence: the n-th launch after SetOptions gets the same schedule for
// the same seed, so a test can rerun a launch exactly.
void SetOptions(const Options& options);
// 0 for the first launch of the process (or after SetOptions), then 1, 2, ...
std::uint64_t NextLaunchOrdinal();

// Called at static-initialisation time by every translated program with its compile-time
// __WARPSAFE_ARCH__ (900 for sm_90); the run-time device properties follow it.
int RegisterArch(int cuda_arch);

// Parses "lockstep"/"random"/"pct"/"runahead"; false otherwise.
bool ParseSchedule(const std::string& text, Schedule* out);
const char* ScheduleName(Schedule schedule);

}  // namespace warpsafe::engine
