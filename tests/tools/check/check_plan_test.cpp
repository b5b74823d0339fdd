// What `warpsafe check` runs: the command line, the rotation of policies and seeds, the replay.
#include "cli/check_plan.h"

#include <gtest/gtest.h>
#include <stdlib.h>

namespace warpsafe::cli {
namespace {

CommandLine Parsed(std::vector<std::string> args) {
  const ParseResult r = ParseCommandLine(args);
  EXPECT_TRUE(r.line) << r.error;
  return r.line.value_or(CommandLine{});
}

TEST(CheckCommandLine, EveryFlag) {
  const CommandLine cl = Parsed({"check", "p.cu", "--schedules", "7", "--time-budget=2.5", "--policy", "pct",
                                 "--pct-depth", "3", "--seed", "9", "--arch", "sm_80", "-I", "inc", "-DN=1",
                                 "--sarif", "out.sarif", "-v", "--", "a", "--seed"});
  EXPECT_EQ(cl.command, Subcommand::kCheck);
  EXPECT_EQ(cl.schedules, 7u);
  EXPECT_EQ(cl.time_budget, 2.5);
  EXPECT_EQ(cl.policy, "pct");
  EXPECT_EQ(cl.pct_depth, 3u);
  EXPECT_EQ(cl.seed, 9u);
  EXPECT_EQ(cl.sarif, "out.sarif");
  EXPECT_TRUE(cl.wrap_main);
  EXPECT_EQ(cl.program_args, (std::vector<std::string>{"a", "--seed"}));
}

TEST(CheckCommandLine, UsageErrors) {
  const std::vector<std::vector<std::string>> bad = {
      {"check"},
      {"check", "p.cu", "--policy", "lockstep"},
      {"check", "p.cu", "--policy", "bogus"},
      {"check", "p.cu", "--schedules", "-1"},
      {"check", "p.cu", "--schedules", "x"},
      {"check", "p.cu", "--time-budget", "0"},
      {"check", "p.cu", "--time-budget", "1s"},
      {"check", "p.cu", "--pct-depth", "0"},
      {"check", "p.cu", "--pct-depth", "65"},
      {"check", "p.cu", "--sarif"},
      {"check", "p.cu", "--schedule", "random"},  // run's flag, not check's
      {"check", "p.cu", "--workers", "2"},        // check builds run one worker
      {"check", "p.cu", "extra"},
      {"run", "p.cu", "--policy", "pct"},
  };
  for (const auto& args : bad) {
    const ParseResult r = ParseCommandLine(args);
    std::string joined;
    for (const std::string& a : args) joined += a + " ";
    EXPECT_FALSE(r.line) << joined;
    EXPECT_FALSE(r.error.empty()) << joined;
  }
}

TEST(CheckCommandLine, JobsShardListAndTrace) {
  const CommandLine cl = Parsed({"check", "p.cu", "--jobs", "3", "--shard=2/5", "--list-schedules", "--trace", "t.html"});
  EXPECT_EQ(cl.jobs, 3u);
  EXPECT_EQ(cl.shard_index, 2u);
  EXPECT_EQ(cl.shard_count, 5u);
  EXPECT_TRUE(cl.list_schedules);
  EXPECT_EQ(cl.trace, "t.html");
  for (const std::string& bad : {"0/2", "3/2", "1/0", "2", "1/", "/2", "a/b", "1/2/3", "-1/2"}) {
    EXPECT_FALSE(ParseCommandLine({"check", "p.cu", "--shard", bad}).line) << bad;
  }
  for (const std::string& bad : {"0", "x", "1025", ""}) {
    EXPECT_FALSE(ParseCommandLine({"check", "p.cu", "--jobs", bad}).line) << bad;
  }
  EXPECT_FALSE(ParseCommandLine({"run", "p.cu", "--jobs", "2"}).line);
  EXPECT_FALSE(ParseCommandLine({"check", "p.cu", "--trace"}).line);
}

// The N shards' schedules are disjoint and together the plain run's, each in the plain order.
TEST(CheckPlan, ShardsPartitionThePlainList) {
  for (const std::uint64_t schedules : {0u, 1u, 2u, 7u, 50u}) {
    const CheckPlan plain(Parsed({"check", "p.cu", "--schedules", std::to_string(schedules)}));
    EXPECT_FALSE(plain.sharded());
    ASSERT_EQ(plain.ShardSize(), schedules);
    for (const unsigned n : {1u, 2u, 3u, 8u}) {
      std::vector<int> seen(schedules, 0);
      for (unsigned i = 1; i <= n; ++i) {
        const CheckPlan shard(
            Parsed({"check", "p.cu", "--schedules", std::to_string(schedules), "--shard", std::to_string(i) + "/" + std::to_string(n)}));
        std::uint64_t last = 0;
        for (std::uint64_t p = 0; p < shard.ShardSize(); ++p) {
          const std::uint64_t k = shard.ShardIndex(p);
          ASSERT_LT(k, schedules);
          if (p > 0) EXPECT_GT(k, last);
          last = k;
          ++seen[k];
          EXPECT_EQ(shard.Nth(k).seed, plain.Nth(k).seed);
          EXPECT_EQ(shard.Nth(k).policy, plain.Nth(k).policy);
        }
      }
      for (std::uint64_t k = 0; k < schedules; ++k) EXPECT_EQ(seen[k], 1) << k << " of " << schedules << ", N=" << n;
    }
  }
}

TEST(CheckPlan, ShardedReplayNamesScheduleAndShard) {
  const CommandLine cl = Parsed({"check", "p.cu", "--shard", "2/4", "--seed", "10"});
  const CheckPlan plan(cl);
  EXPECT_EQ(plan.ReplayCommand(plan.Nth(5), "warpsafe"),
            "warpsafe check p.cu --policy runahead --seed 15 --schedules 1 --arch sm_90  # schedule 5 of shard 2/4");
  EXPECT_EQ(plan.ReplayCommand(plan.Baseline(), "warpsafe"), "warpsafe check p.cu --schedules 0 --arch sm_90");
}

TEST(CheckPlan, AllRotatesPoliciesWithConsecutiveSeeds) {
  const CommandLine cl = Parsed({"check", "p.cu", "--seed", "10"});
  const CheckPlan plan(cl);
  EXPECT_EQ(plan.schedules(), kDefaultSchedules);
  EXPECT_EQ(plan.time_budget(), kDefaultTimeBudgetSeconds);
  EXPECT_EQ(plan.rotation(), (std::vector<std::string>{"random", "pct", "runahead"}));
  EXPECT_EQ(plan.Baseline().policy, "lockstep");
  EXPECT_TRUE(plan.Baseline().baseline);
  for (std::uint64_t i = 0; i < 7; ++i) {
    EXPECT_EQ(plan.Nth(i).seed, 10 + i);
    EXPECT_EQ(plan.Nth(i).policy, plan.rotation()[i % 3]);
  }
}

TEST(CheckPlan, ReplayNamesExactlyOneSchedule) {
  const CommandLine cl = Parsed({"check", "dir/p q.cu", "--policy", "all", "--pct-depth", "4", "--arch", "sm_80",
                                 "-I", "inc", "-D", "N=2", "--sarif", "x", "--", "arg 1"});
  const CheckPlan plan(cl);
  EXPECT_EQ(plan.ReplayCommand(plan.Nth(1), "warpsafe"),
            "warpsafe check 'dir/p q.cu' --policy pct --seed 2 --schedules 1 --pct-depth 4 --arch sm_80 -I inc "
            "-D N=2 -- 'arg 1'");
  EXPECT_EQ(plan.ReplayCommand(plan.Nth(0), "warpsafe"),
            "warpsafe check 'dir/p q.cu' --policy random --seed 1 --schedules 1 --arch sm_80 -I inc -D N=2 -- "
            "'arg 1'");
  EXPECT_EQ(plan.ReplayCommand(plan.Baseline(), "ws"),
            "ws check 'dir/p q.cu' --schedules 0 --arch sm_80 -I inc -D N=2 -- 'arg 1'");
}

// A limit the runs inherit from the environment is spelled as a flag in the replay, which must
// reproduce the schedule in an environment without it; a flag wins over the variable.
TEST(CheckPlan, ReplaySpellsTheEnvironmentsLimitsAsFlags) {
  setenv("WARPSAFE_HANG_SECONDS", "7", 1);
  setenv("WARPSAFE_LIVELOCK_STEPS", "5000", 1);
  setenv("WARPSAFE_PCT_DEPTH", "3", 1);
  const CommandLine cl = Parsed({"check", "p.cu", "--policy", "pct", "--livelock-steps", "9"});
  const CheckPlan plan(cl);
  const std::string replay = plan.ReplayCommand(plan.Nth(0), "warpsafe");
  unsetenv("WARPSAFE_HANG_SECONDS");
  unsetenv("WARPSAFE_LIVELOCK_STEPS");
  unsetenv("WARPSAFE_PCT_DEPTH");
  EXPECT_EQ(replay, "warpsafe check p.cu --policy pct --seed 1 --schedules 1 --pct-depth 3 --arch sm_90 "
                    "--livelock-steps 9 --hang-seconds 7");
}

TEST(CheckPlan, EnvironmentPinsTheSchedule) {
  const CommandLine cl = Parsed({"check", "p.cu", "--policy", "pct", "--pct-depth", "5", "--seed", "3"});
  const CheckPlan plan(cl);
  EXPECT_EQ(plan.Environment(plan.Nth(2), "R"),
            (std::vector<std::string>{"WARPSAFE_SCHEDULE=pct", "WARPSAFE_SEED=5", "WARPSAFE_WORKERS=1",
                                      "WARPSAFE_REPLAY=R", "WARPSAFE_PCT_DEPTH=5"}));
  EXPECT_EQ(plan.Environment(plan.Baseline(), "R")[0], "WARPSAFE_SCHEDULE=lockstep");
}

}  // namespace
}  // namespace warpsafe::cli
