#include "cli/check_plan.h"

#include <cstdlib>
#include <optional>

#include "cli/process.h"

namespace warpsafe::cli {

CheckPlan::CheckPlan(const CommandLine& cl)
    : cl_(cl),
      schedules_(cl.schedules.value_or(kDefaultSchedules)),
      time_budget_(cl.time_budget.value_or(kDefaultTimeBudgetSeconds)),
      seed_(cl.seed.value_or(1)),
      shard_index_(cl.shard_index),
      shard_count_(cl.shard_count) {
  if (cl.policy == "all") {
    rotation_ = {"random", "pct", "runahead"};
  } else {
    rotation_ = {cl.policy};
  }
}

ScheduleRun CheckPlan::Baseline() const { return ScheduleRun{"lockstep", seed_, true}; }

ScheduleRun CheckPlan::Nth(std::uint64_t i) const {
  return ScheduleRun{rotation_[i % rotation_.size()], seed_ + i, false, i};
}

std::uint64_t CheckPlan::ShardSize() const {
  if (schedules_ < shard_index_) return 0;
  return (schedules_ - shard_index_) / shard_count_ + 1;
}

std::string CheckPlan::ShardName() const {
  return std::to_string(shard_index_) + "/" + std::to_string(shard_count_);
}

std::vector<std::string> CheckPlan::Environment(const ScheduleRun& run, const std::string& replay) const {
  std::vector<std::string> env = {"WARPSAFE_SCHEDULE=" + run.policy, "WARPSAFE_SEED=" + std::to_string(run.seed),
                                  "WARPSAFE_WORKERS=1", "WARPSAFE_REPLAY=" + replay};
  if (run.policy == "pct" && cl_.pct_depth) env.push_back("WARPSAFE_PCT_DEPTH=" + std::to_string(*cl_.pct_depth));
  if (cl_.livelock_steps) env.push_back("WARPSAFE_LIVELOCK_STEPS=" + std::to_string(*cl_.livelock_steps));
  if (cl_.hang_seconds) env.push_back("WARPSAFE_HANG_SECONDS=" + std::to_string(*cl_.hang_seconds));
  return env;
}

namespace {

// A limit from its flag or, without one, from the WARPSAFE_* variable every run inherits: the
// replay command spells it as a flag, so that it reruns the schedule the same way anywhere.
template <class T>
std::optional<std::string> FlagOrEnv(const std::optional<T>& flag, const char* variable) {
  if (flag) return std::to_string(*flag);
  const char* v = std::getenv(variable);
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

}  // namespace

std::string CheckPlan::ReplayCommand(const ScheduleRun& run, const std::string& invocation) const {
  std::vector<std::string> words{invocation, "check"};
  if (cl_.files.empty()) words.push_back(cl_.file);
  words.insert(words.end(), cl_.files.begin(), cl_.files.end());
  if (run.baseline) {
    // The baseline's seed is the first schedule's; lockstep ignores it, so it is not repeated.
    words.insert(words.end(), {"--schedules", "0"});
  } else {
    words.insert(words.end(), {"--policy", run.policy, "--seed", std::to_string(run.seed), "--schedules", "1"});
    if (run.policy == "pct") {
      if (auto depth = FlagOrEnv(cl_.pct_depth, "WARPSAFE_PCT_DEPTH")) {
        words.insert(words.end(), {"--pct-depth", *depth});
      }
    }
  }
  words.insert(words.end(), {"--arch", cl_.arch});
  for (const std::string& d : cl_.include_dirs) words.insert(words.end(), {"-I", d});
  for (const std::string& d : cl_.defines) words.insert(words.end(), {"-D", d});
  words.insert(words.end(), cl_.nvcc_words.begin(), cl_.nvcc_words.end());
  if (auto steps = FlagOrEnv(cl_.livelock_steps, "WARPSAFE_LIVELOCK_STEPS")) {
    words.insert(words.end(), {"--livelock-steps", *steps});
  }
  if (auto seconds = FlagOrEnv(cl_.hang_seconds, "WARPSAFE_HANG_SECONDS")) {
    words.insert(words.end(), {"--hang-seconds", *seconds});
  }
  if (!cl_.program_args.empty()) {
    words.push_back("--");
    words.insert(words.end(), cl_.program_args.begin(), cl_.program_args.end());
  }
  std::string command = ShellJoin(words);
  if (sharded() && !run.baseline) command += "  # schedule " + std::to_string(run.index) + " of shard " + ShardName();
  return command;
}

}  // namespace warpsafe::cli
