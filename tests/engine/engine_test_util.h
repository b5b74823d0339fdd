// Helpers for tests of the engine core: run a C++ lambda as a kernel (each GPU thread calls it),
// under a chosen schedule and seed, without the front end or the runtime's launch checks.
#pragma once

#include <cstdint>

#include "options.h"
#include "sched/grid.h"
#include "warpsafe/engine/api.h"
#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/warp_intrinsics.h"

namespace warpsafe::engine::testing {

// Runs `body` once per thread of a grid; returns the grid's cudaError_t (0 when it finished).
template <class F>
int RunKernel(dim3 grid, dim3 block, F body, std::size_t dynamic_smem = 0) {
  GridSpec spec{grid, block, dynamic_smem, [](void* p) { (*static_cast<F*>(p))(); }, &body, "test_kernel",
                Site::Here()};
  return RunGrid(spec);
}

// Changes the engine's options for a scope: `change` edits a copy of them. Tests set options
// this way, never through WARPSAFE_* variables: the environment is read once per process, and
// which static initialiser reads it first differs between compilers.
class OptionsScope {
 public:
  template <class Change>
  explicit OptionsScope(Change change) : saved_(GetOptions()) {
    Options o = saved_;
    change(o);
    SetOptions(o);
  }
  ~OptionsScope() { SetOptions(saved_); }
  OptionsScope(const OptionsScope&) = delete;
  OptionsScope& operator=(const OptionsScope&) = delete;

 private:
  Options saved_;
};

// Sets the schedule and seed for the scope of a test.
class ScheduleScope {
 public:
  ScheduleScope(Schedule schedule, std::uint64_t seed, unsigned workers = 0) : saved_(GetOptions()) {
    Options o = saved_;
    o.schedule = schedule;
    o.seed = seed;
    o.workers = workers;
    SetOptions(o);
  }
  ~ScheduleScope() { SetOptions(saved_); }

 private:
  Options saved_;
};

// The (schedule, seed) pairs every semantic test runs under: results must not depend on them.
struct ScheduleCase {
  Schedule schedule;
  std::uint64_t seed;
};
inline constexpr ScheduleCase kSchedules[] = {
    {Schedule::kLockstep, 1}, {Schedule::kRandom, 1}, {Schedule::kRandom, 2}, {Schedule::kRandom, 77},
    {Schedule::kRandom, 12345}};

}  // namespace warpsafe::engine::testing
