// `warpsafe check` end to end: it builds programs (clang++-14) and runs them on the engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>

#include "cli/check_json.h"
#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

using cli::Json;

std::string Corpus(const std::string& name) { return std::string(WARPSAFE_CHECK_CORPUS) + "/" + name; }
// The README's pair: the bit-pack with __activemask() as its mask (wrong under independent
// thread scheduling) and with a full-warp ballot's mask (right under every schedule).
std::string BitpackBug() { return std::string(WARPSAFE_EXAMPLES) + "/bitpack_activemask.cu"; }
std::string BitpackOk() { return std::string(WARPSAFE_EXAMPLES) + "/bitpack_ballot.cu"; }

// The first line of `text` that starts with `prefix`, or "".
std::string LineStarting(const std::string& text, const std::string& prefix) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    const std::string line = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    const std::size_t indent = line.find_first_not_of(' ');
    if (indent != std::string::npos && line.compare(indent, prefix.size(), prefix) == 0) return line.substr(indent);
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return "";
}

// The 1-based number of the first line of `file` that is code (not a // comment) and contains
// `needle`, or 0: the programs' RUN and CHECK comments name the same calls.
int CodeLineOf(const std::string& file, const std::string& needle) {
  std::ifstream in(file);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::size_t start = line.find_first_not_of(' ');
    if (start != std::string::npos && line.compare(start, 2, "//") != 0 && line.find(needle) != std::string::npos) {
      return number;
    }
  }
  return 0;
}

TEST(CheckEndToEnd, UsageErrorsExit64) {
  for (const std::string& args : {std::string("check"), "check " + BitpackOk() + " --policy lockstep",
                                  "check " + BitpackOk() + " --schedules x",
                                  "check " + BitpackOk() + " --time-budget -1",
                                  "check " + BitpackOk() + " --pct-depth 0",
                                  "check " + BitpackOk() + " --workers 2"}) {
    const CliResult r = RunCli(args);
    EXPECT_EQ(r.status, 64) << args << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("warpsafe: ", 0), 0u) << args << ": " << r.err;
  }
}

TEST(CheckEndToEnd, MissingFileExits67AndMissingClangExits69) {
  EXPECT_EQ(RunCli("check " + Corpus("no_such_file.cu")).status, 67);
  const CliResult r = RunCli("check " + BitpackOk(), "WARPSAFE_CHECK_CXX=/nonexistent/clang++-14");
  EXPECT_EQ(r.status, 69) << r.err;
  EXPECT_NE(r.err.find("clang++-14"), std::string::npos) << r.err;
}

TEST(CheckEndToEnd, CleanProgramPrintsOneSummaryLine) {
  const CliResult r = RunCli("check " + BitpackOk() + " --schedules 12");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::regex_match(r.err, std::regex("warpsafe check: no defect in 12 schedules \\(policies random, pct, "
                                                 "runahead, [0-9]+\\.[0-9] s\\)\n")))
      << r.err;
  EXPECT_EQ(r.out, "");  // the program's own output is not shown for clean runs
  EXPECT_EQ(r.err.find('\r'), std::string::npos);  // no progress line when stderr is not a terminal
}

TEST(CheckEndToEnd, OnePolicyAndBaselineOnly) {
  CliResult r = RunCli("check " + BitpackOk() + " --schedules 4 --policy runahead");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.rfind("warpsafe check: no defect in 4 schedules (policies runahead, ", 0), 0u) << r.err;
  r = RunCli("check " + BitpackOk() + " --schedules 0");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.rfind("warpsafe check: no defect in 0 schedules (lockstep only, ", 0), 0u) << r.err;
}

TEST(CheckEndToEnd, TimeBudgetStopsTheExploration) {
  // The budget is spent by the baseline already: no schedule starts, and the summary says why.
  const CliResult r = RunCli("check " + BitpackOk() + " --schedules 1000 --time-budget 0.001");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.rfind("warpsafe check: no defect in 0 schedules (lockstep only, ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("; time budget reached)\n"), std::string::npos) << r.err;
}

TEST(CheckEndToEnd, PctDepthReachesTheEngineAndTheReplay) {
  const CliResult r = RunCli("check " + BitpackBug() + " --policy pct --pct-depth 3 --schedules 10");
  ASSERT_EQ(r.status, 66) << r.err;
  EXPECT_NE(LineStarting(r.err, "replay: ").find(" --policy pct --seed "), std::string::npos) << r.err;
  EXPECT_NE(LineStarting(r.err, "replay: ").find(" --schedules 1 --pct-depth 3 --arch sm_90"), std::string::npos)
      << r.err;
  // An out-of-range depth for the engine is a usage error before anything is built.
  EXPECT_EQ(RunCli("check " + BitpackBug() + " --pct-depth 65").status, 64);
}

TEST(CheckEndToEnd, ScheduleDependentFailureIsFoundWithItsSeedAndReplays) {
  const CliResult r = RunCli("check " + BitpackBug() + " --schedules 10 -- unused-arg");
  ASSERT_EQ(r.status, 66) << r.err;
  EXPECT_EQ(r.err.rfind("warpsafe: schedule-dependent failure\n", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("under lockstep it exited with status 0"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("words wrong"), std::string::npos) << r.err;  // the program's own output
  const std::string replay = LineStarting(r.err, "replay: ").substr(8);
  std::smatch m;
  ASSERT_TRUE(std::regex_match(replay, m,
                               std::regex(std::string(WARPSAFE_CLI) + " check " + BitpackBug() +
                                          " --policy (random|pct|runahead) --seed ([0-9]+) --schedules 1 --arch "
                                          "sm_90 -- unused-arg")))
      << replay;
  EXPECT_NE(r.err.find("seed " + m[2].str()), std::string::npos) << r.err;
  // The replay command finds the same failure, with the same report.
  const CliResult again = RunCli(replay.substr(std::string(WARPSAFE_CLI).size() + 1));
  EXPECT_EQ(again.status, 66) << again.err;
  EXPECT_EQ(again.err, r.err);
}

TEST(CheckEndToEnd, SameSeedSameReportByteForByte) {
  const std::string args = "check " + BitpackBug() + " --seed 5 --schedules 10";
  const CliResult a = RunCli(args);
  const CliResult b = RunCli(args);
  EXPECT_EQ(a.status, 66) << a.err;
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.err, b.err);
  EXPECT_EQ(a.out, b.out);
}

TEST(CheckEndToEnd, EngineDefectIsPassedThroughWithTheCheckReplay) {
  const std::string file = std::string(WARPSAFE_CASES) + "/sched/deadlock_defect.cu";
  const CliResult r = RunCli("check " + file + " --schedules 5");
  ASSERT_EQ(r.status, 66) << r.err;
  EXPECT_EQ(r.err.rfind("warpsafe: deadlock\n", 0), 0u) << r.err;
  // Found by the lockstep baseline already: the replay reruns only that.
  EXPECT_EQ(LineStarting(r.err, "replay: "),
            "replay: " + std::string(WARPSAFE_CLI) + " check " + file + " --schedules 0 --arch sm_90")
      << r.err;
}

// Several schedules at once: the same report, byte for byte, as one at a time (the clean summary
// differs only in the time it states).
TEST(CheckEndToEnd, JobsGiveTheSameOutputAsOne) {
  const std::regex seconds("[0-9]+\\.[0-9] s\\)");
  const CliResult clean1 = RunCli("check " + BitpackOk() + " --schedules 12 --jobs 1");
  const CliResult clean2 = RunCli("check " + BitpackOk() + " --schedules 12 --jobs 2");
  ASSERT_EQ(clean1.status, 0) << clean1.err;
  EXPECT_EQ(clean2.status, 0) << clean2.err;
  EXPECT_EQ(std::regex_replace(clean1.err, seconds, "T"), std::regex_replace(clean2.err, seconds, "T"));
  EXPECT_EQ(clean1.out, clean2.out);
  for (const std::string& file : {BitpackBug(), Corpus("assert_activemask_bug.cu"), DataFile("rare_order.cu")}) {
    const CliResult bug1 = RunCli("check " + file + " --schedules 30 --jobs 1");
    ASSERT_EQ(bug1.status, 66) << bug1.err;
    for (const char* jobs : {"2", "3", "7"}) {
      const CliResult bug = RunCli("check " + file + " --schedules 30 --jobs " + jobs);
      EXPECT_EQ(bug.status, 66) << bug.err;
      EXPECT_EQ(bug.err, bug1.err) << "--jobs " << jobs;
      EXPECT_EQ(bug.out, bug1.out);
    }
  }
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  for (std::size_t nl; (nl = text.find('\n', pos)) != std::string::npos; pos = nl + 1) lines.push_back(text.substr(pos, nl - pos));
  return lines;
}

// --list-schedules runs nothing; shards 1/2 and 2/2 list disjoint halves of the plain list.
TEST(CheckEndToEnd, ShardsListAPartitionOfThePlainSchedules) {
  const std::string args = "check " + BitpackOk() + " --schedules 9 --seed 4 --list-schedules";
  const CliResult plain = RunCli(args);
  ASSERT_EQ(plain.status, 0) << plain.err;
  const std::vector<std::string> all = Lines(plain.out);
  ASSERT_EQ(all.size(), 9u) << plain.out;
  EXPECT_EQ(all[0], "0 random 4");
  EXPECT_EQ(all[8], "8 runahead 12");
  const CliResult one = RunCli(args + " --shard 1/2");
  const CliResult two = RunCli(args + " --shard 2/2");
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  std::vector<std::string> merged = Lines(one.out);
  const std::vector<std::string> second = Lines(two.out);
  EXPECT_EQ(merged.size(), 5u);
  EXPECT_EQ(second.size(), 4u);
  merged.insert(merged.end(), second.begin(), second.end());
  std::sort(merged.begin(), merged.end(), [](const std::string& a, const std::string& b) {
    return std::stoul(a) < std::stoul(b);
  });
  EXPECT_EQ(merged, all);
}

// A bug a plain run finds at schedule k is found, at the same schedule, by the shard holding k;
// the replay command names the shard.
TEST(CheckEndToEnd, TheShardHoldingAFindingFindsIt) {
  // rare_order.cu fails in about one random schedule in eight, never under lockstep.
  const std::string args = "check " + DataFile("rare_order.cu") + " --schedules 40 --policy random --seed 3";
  const CliResult plain = RunCli(args);
  ASSERT_EQ(plain.status, 66) << plain.err;
  std::smatch m;
  const std::string replay = LineStarting(plain.err, "replay: ");
  ASSERT_TRUE(std::regex_search(replay, m, std::regex(" --seed ([0-9]+) ")));
  const unsigned long k = std::stoul(m[1].str()) - 3;
  // Meaningful only when the finding is not the first schedule of every shard.
  ASSERT_GE(k, 2u) << "the corpus program now fails at schedule " << k << "; pick another --seed";
  for (const unsigned n : {2u, 3u, 4u}) {
    const std::string shard = std::to_string(k % n + 1) + "/" + std::to_string(n);
    const CliResult found = RunCli(args + " --shard " + shard);
    ASSERT_EQ(found.status, 66) << found.err;
    EXPECT_EQ(LineStarting(found.err, "replay: "),
              replay + "  # schedule " + std::to_string(k) + " of shard " + shard);
    EXPECT_EQ(found.err.substr(0, found.err.find("replay: ")), plain.err.substr(0, plain.err.find("replay: ")));
    // The other shards hold no schedule up to k; one of them may find another bug later or none.
  }
}

// --trace: the same report plus a text timeline whose marked steps are the two racing accesses,
// by the threads the report names; and the page.
TEST(CheckEndToEnd, TraceAddsATimelineAndWritesThePage) {
  const std::string dir = ScratchDir("check_trace");
  const std::string page = dir + "/race.html";
  const std::string args = "check " + Corpus("scan_warp_bug.cu") + " --schedules 3";
  const CliResult plain = RunCli(args);
  const CliResult traced = RunCli(args + " --trace " + page);
  ASSERT_EQ(plain.status, 66) << plain.err;
  ASSERT_EQ(traced.status, 66) << traced.err;
  const std::size_t at = traced.err.find("  timeline, the last ");
  ASSERT_NE(at, std::string::npos) << traced.err;
  EXPECT_EQ(plain.err.find("timeline"), std::string::npos);
  const std::size_t replay = traced.err.find("  replay: ");
  // Everything but the timeline is the report without --trace.
  EXPECT_EQ(traced.err.substr(0, at) + traced.err.substr(replay), plain.err);
  const std::string timeline = traced.err.substr(at, replay - at);
  // "write of 4 bytes by ... thread (1,0,0)" and "previous read ... thread (2,0,0)", both on the
  // scan's line.
  const std::string line = std::to_string(CodeLineOf(Corpus("scan_warp_bug.cu"), "slots[lane] = slots[lane] +"));
  EXPECT_TRUE(std::regex_search(timeline, std::regex("warp 0 lane 1 [^\n]*W" + line + "\\*"))) << timeline;
  EXPECT_TRUE(std::regex_search(timeline, std::regex("warp 0 lane 2 [^\n]*R" + line + "\\*"))) << timeline;
  const std::string html = Slurp(page);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("missing: __syncwarp() between these accesses"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  // A clean check writes no page.
  const std::string clean_page = dir + "/clean.html";
  EXPECT_EQ(RunCli("check " + BitpackOk() + " --schedules 2 --trace " + clean_page).status, 0);
  EXPECT_FALSE(std::ifstream(clean_page).good());
}

// SARIF read back: version, schema, driver, rules, the result and its location.
TEST(CheckEndToEnd, SarifLogIsValid) {
  const std::string dir = ScratchDir("check_sarif");
  const std::string sarif = dir + "/found.sarif";
  const std::string program = std::string(WARPSAFE_CASES) + "/warp/shfl_nonexistent_lane_defect.cu";
  CliResult r = RunCli("check " + program + " --sarif " + sarif);
  ASSERT_EQ(r.status, 66) << r.err;
  std::string error;
  std::optional<Json> log = Json::Parse(Slurp(sarif), &error);
  ASSERT_TRUE(log) << error;
  EXPECT_EQ((*log)["version"].AsString(), "2.1.0");
  EXPECT_FALSE((*log)["$schema"].AsString().empty());
  const Json& run = (*log)["runs"].Items().at(0);
  EXPECT_EQ(run["tool"]["driver"]["name"].AsString(), "warpsafe");
  ASSERT_EQ(run["results"].Items().size(), 1u);
  const Json& result = run["results"].Items()[0];
  EXPECT_EQ(result["ruleId"].AsString(), "shfl-inactive-source");
  EXPECT_EQ(result["level"].AsString(), "error");
  EXPECT_EQ(result["message"]["text"].AsString().rfind("warpsafe: shuffle from inactive lane", 0), 0u);
  const Json& rules = run["tool"]["driver"]["rules"];
  bool has_rule = false;
  for (const Json& rule : rules.Items()) has_rule = has_rule || rule["id"].AsString() == "shfl-inactive-source";
  EXPECT_TRUE(has_rule);
  const Json& where = result["locations"].Items().at(0)["physicalLocation"];
  EXPECT_NE(where["artifactLocation"]["uri"].AsString().find("shfl_nonexistent_lane_defect.cu"), std::string::npos);
  const int shuffle_line = CodeLineOf(program, "__shfl_down_sync(");
  ASSERT_GT(shuffle_line, 0);
  EXPECT_EQ(where["region"]["startLine"].AsNumber(), shuffle_line);

  // No defect: a valid log with no results.
  const std::string clean = dir + "/clean.sarif";
  r = RunCli("check " + BitpackOk() + " --schedules 3 --sarif " + clean);
  ASSERT_EQ(r.status, 0) << r.err;
  log = Json::Parse(Slurp(clean), &error);
  ASSERT_TRUE(log) << error;
  EXPECT_TRUE((*log)["runs"].Items().at(0)["results"].IsArray());
  EXPECT_TRUE((*log)["runs"].Items().at(0)["results"].Items().empty());
}

}  // namespace
}  // namespace warpsafe::test
