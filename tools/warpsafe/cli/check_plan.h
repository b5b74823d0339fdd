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
  std::uint64_t index = 0;  // i, for a schedule of the exploration
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

  // `--shard I/N`: this run explores the schedules i < schedules() with i % N == I - 1, in order;
  // the N shards are disjoint and together are exactly the plain run's list. Without --shard
  // (1/1) that is every schedule.
  std::uint64_t ShardSize() const;
  // The index (for Nth) of the shard's p-th schedule, p < ShardSize().
  std::uint64_t ShardIndex(std::uint64_t p) const { return shard_index_ - 1 + p * shard_count_; }
  bool sharded() const { return shard_count_ > 1; }
  // "2/4"
  std::string ShardName() const;

  // NAME=VALUE settings for the child: the schedule, one worker (check builds run one), the replay
  // command the engine prints in its report.
  std::vector<std::string> Environment(const ScheduleRun& run, const std::string& replay) const;

  // `warpsafe check FILE.cu --policy P --seed K --schedules 1 ...` that reruns the baseline and
  // then exactly `run` (for the baseline itself: `--schedules 0`). In a shard, a shell comment
  // after it names the schedule and the shard that found it (`# schedule 7 of shard 2/4`).
  std::string ReplayCommand(const ScheduleRun& run, const std::string& invocation) const;

 private:
  const CommandLine& cl_;
  std::uint64_t schedules_;
  double time_budget_;
  std::uint64_t seed_;
  std::vector<std::string> rotation_;
  std::uint64_t shard_index_;
  std::uint64_t shard_count_;
};

}  // namespace warpsafe::cli
