// What `warpsafe check` runs, decided before anything runs: the lockstep baseline, then schedule
// i = 0, 1, ... with policy rotation[i % k] and seed S + i. Each run is fully named by (policy,
// seed), so its replay command reruns exactly it, and the same command line always explores the
// same schedules in the same order (the time budget only decides how far it gets).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace warpsafe::cli {

// Defaults: enough for the bundled examples' bugs (each is found within a few schedules), and
// quick for clean programs (a small program runs in well under 100 ms).
inline constexpr std::uint64_t kDefaultSchedules = 50;
inline constexpr double kDefaultTimeBudgetSeconds = 60;

struct ScheduleRun {
  std::string policy;  // lockstep (the baseline), random, pct or runahead
  std::uint64_t seed = 1;
  bool baseline = false;
};

class CheckPlan {
 public:
  explicit CheckPlan(const CommandLine& cl);

  std::uint64_t schedules() const { return schedules_; }
  double time_budget() const { return time_budget_; }
  // The policies `--policy` names, in rotation order (`all`: random, pct, runahead).
  const std::vector<std::string>& rotation() const { return rotation_; }

  ScheduleRun Baseline() const;
  // Schedule i (0-based) of the exploration.
  ScheduleRun Nth(std::uint64_t i) const;

  // NAME=VALUE settings for the child: the schedule, one worker (check builds run one), the replay
  // command the engine prints in its report.
  std::vector<std::string> Environment(const ScheduleRun& run, const std::string& replay) const;

  // `warpsafe check FILE.cu --policy P --seed K --schedules 1 ...` that reruns the baseline and
  // then exactly `run` (for the baseline itself: `--schedules 0`).
  std::string ReplayCommand(const ScheduleRun& run, const std::string& invocation) const;

 private:
  const CommandLine& cl_;
  std::uint64_t schedules_;
  double time_budget_;
  std::uint64_t seed_;
  std::vector<std::string> rotation_;
};

}  // namespace warpsafe::cli
