// After `--`, every word is the program's: for `warpsafe run`, `warpsafe check` and an executable
// of `warpsafe build`, which takes engine options only before its own `--`. The documented
// engine flags (--hang-seconds, --livelock-steps) are accepted, and bad values say what is wrong.
#include <gtest/gtest.h>

#include <cstdlib>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

std::string Cache(const std::string& name) { return "WARPSAFE_CACHE_DIR=" + ScratchDir("args_cache_" + name); }
std::string Case(const std::string& name) { return std::string(WARPSAFE_CASES) + "/" + name; }

TEST(ProgramArguments, RunPassesEverythingAfterTheSeparator) {
  const std::string env = Cache("run");
  CliResult r = RunCli("run " + DataFile("expects_args.cu") + " --seed 9 -- --seed 5 file.txt", env);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("3 arguments: [--seed] [5] [file.txt] as expected"), std::string::npos) << r.out;
  r = RunCli("run " + DataFile("hello.cu") + " -- --workers -- x", env);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("arg --workers\narg --\narg x\n"), std::string::npos) << r.out << r.err;
}

TEST(ProgramArguments, CheckPassesEverythingAfterTheSeparator) {
  const CliResult r =
      RunCli("check " + DataFile("expects_args.cu") + " --schedules 2 -- --seed 5 file.txt", Cache("check"));
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("no defect in 2 schedules"), std::string::npos) << r.err;
}

TEST(ProgramArguments, BuiltExecutableTakesEngineOptionsOnlyBeforeItsSeparator) {
  const std::string dir = ScratchDir("args_build");
  const std::string exe = dir + "/expects_args";
  CliResult r = RunCli("build " + DataFile("expects_args.cu") + " -o " + exe, Cache("build"));
  ASSERT_EQ(r.status, 0) << r.err;
  auto run = [&](const std::string& args) {
    const std::string cmd = exe + " " + args + " >" + dir + "/out.txt 2>" + dir + "/err.txt";
    const int raw = std::system(cmd.c_str());
    CliResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    result.out = Slurp(dir + "/out.txt");
    result.err = Slurp(dir + "/err.txt");
    return result;
  };
  r = run("--seed 5 file.txt");  // no separator: all the program's
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  r = run("--schedule lockstep --seed=3 -- --seed 5 file.txt");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  r = run("--bogus -- --seed 5 file.txt");
  EXPECT_EQ(r.status, 64) << r.out << r.err;
  EXPECT_NE(r.err.find("unknown engine option '--bogus'"), std::string::npos) << r.err;
  r = run("--seed 99999999999999999999 --");
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("out of range"), std::string::npos) << r.err;
  r = run("--workers 10000 --");
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("4096"), std::string::npos) << r.err;
}

TEST(ProgramArguments, HangSecondsAndLivelockStepsAreAccepted) {
  const std::string env = Cache("limits");
  CliResult r = RunCli("run " + Case("sched/hang_defect.cu") + " --hang-seconds 1", env);
  EXPECT_EQ(r.status, 66) << r.err;
  EXPECT_EQ(r.err.rfind("warpsafe: no progress (hang)\n", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("has run for 1 s"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--hang-seconds 1"), std::string::npos) << "replay: " << r.err;
  r = RunCli("run " + Case("sched/livelock_defect.cu") + " --livelock-steps 200000", env);
  EXPECT_EQ(r.status, 66) << r.err;
  EXPECT_EQ(r.err.rfind("warpsafe: livelock\n", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("--livelock-steps 200000"), std::string::npos) << "replay: " << r.err;
  // In a check build every load is a scheduling point: the spin is a livelock there.
  r = RunCli("check " + Case("sched/hang_defect.cu") + " --livelock-steps 100000 --hang-seconds 30 --schedules 0",
             Cache("check_limits"));
  EXPECT_EQ(r.status, 66) << r.err;
  EXPECT_NE(r.err.find("in 100000 scheduling steps"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--livelock-steps 100000 --hang-seconds 30"), std::string::npos) << "replay: " << r.err;
}

TEST(ProgramArguments, BadValuesSayWhatIsWrong) {
  CliResult r = RunCli("run x.cu --seed 99999999999999999999");
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("out of range"), std::string::npos) << r.err;
  r = RunCli("check x.cu --seed 99999999999999999999");
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("out of range"), std::string::npos) << r.err;
  r = RunCli("run x.cu --workers 10000");
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("1 to 4096"), std::string::npos) << r.err;
  r = RunCli("run x.cu --hang-seconds 0");
  EXPECT_EQ(r.status, 64);
  r = RunCli("build x.cu -o x --hang-seconds 5");
  EXPECT_EQ(r.status, 64);
}

}  // namespace
}  // namespace warpsafe::test
