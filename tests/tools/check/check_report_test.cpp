// Findings: read back from the engine's JSON or text, or built for a schedule-dependent failure.
#include "cli/check_report.h"

#include <gtest/gtest.h>

namespace warpsafe::cli {
namespace {

TEST(CheckReport, FromEngineJson) {
  const std::optional<Finding> f = FindingFromEngineJson(
      "{\"id\": \"caller-not-in-mask\", \"title\": \"caller not named in its own mask\", \"where\": \"kernel k\", "
      "\"sites\": [{\"file\": \"/p.cu\", \"line\": 5, \"column\": 3, \"what\": \"__shfl_sync\"}], "
      "\"lines\": [\"at /p.cu:5:3: __shfl_sync\"], \"replay\": \"warpsafe check p.cu --schedules 0\"}\n");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->id, "caller-not-in-mask");
  ASSERT_EQ(f->sites.size(), 1u);
  EXPECT_EQ(f->sites[0].line, 5u);
  EXPECT_EQ(f->sites[0].column, 3u);
  EXPECT_EQ(FindingText(*f),
            "warpsafe: caller not named in its own mask\n  in kernel k\n  at /p.cu:5:3: __shfl_sync\n"
            "  replay: warpsafe check p.cu --schedules 0\n");
  EXPECT_FALSE(FindingFromEngineJson("{\"title\": \"x\"}"));
  EXPECT_FALSE(FindingFromEngineJson("{\"id\": "));
}

TEST(CheckReport, FromEngineTextAndSitesFromItsLines) {
  const std::string text =
      "program output\n"
      "warpsafe: deadlock\n"
      "  in kernel k (launched at /d/p.cu:8), block (0,0,0)\n"
      "  every live thread of the block is blocked (BAR-6):\n"
      "    warp 0 lane 0 waits at __syncwarp with mask 0xffffffff at /d/p.cu:4:25\n"
      "  replay: warpsafe check p.cu --schedules 0\n";
  Finding f = FindingFromEngineText(text);
  EXPECT_EQ(f.id, "deadlock");
  EXPECT_EQ(f.where, "kernel k (launched at /d/p.cu:8), block (0,0,0)");
  EXPECT_EQ(f.replay, "warpsafe check p.cu --schedules 0");
  ASSERT_EQ(f.lines.size(), 2u);
  CompleteSites(f, "p.cu");
  ASSERT_EQ(f.sites.size(), 2u);
  EXPECT_EQ(f.sites[0].file, "/d/p.cu");
  EXPECT_EQ(f.sites[0].line, 4u);
  EXPECT_EQ(f.sites[0].column, 25u);
  EXPECT_EQ(f.sites[1].line, 8u);
  EXPECT_EQ(f.sites[1].column, 0u);
  EXPECT_EQ(FindingFromEngineText("no report here").id, "unknown");
}

TEST(CheckReport, ScheduleDependentFailure) {
  RunOutcome baseline;
  baseline.started = true;
  RunOutcome failed;
  failed.started = true;
  failed.exit_code = 1;
  failed.out = "line 1\nbitpack: 3 of 32 words wrong\n";
  failed.err = "/d/p.cu:12: void k(): block: [0,0,0], thread: [3,0,0] Assertion `x == y` failed.\n";
  const Finding f =
      ScheduleDependentFailure("p.cu", ScheduleRun{"pct", 4, false}, failed, baseline, "warpsafe check p.cu ...");
  const std::string text = FindingText(f);
  EXPECT_EQ(text.rfind("warpsafe: schedule-dependent failure\n  in program p.cu, schedule pct with seed 4\n", 0), 0u)
      << text;
  EXPECT_NE(text.find("under the pct schedule (seed 4) the program failed a device assert and exited with status 1; "
                      "under lockstep it exited with status 0\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  its stdout ended with:\n  | line 1\n  | bitpack: 3 of 32 words wrong\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\n  replay: warpsafe check p.cu ...\n"), std::string::npos) << text;
  ASSERT_EQ(f.sites.size(), 1u);  // the failed assert is the location
  EXPECT_EQ(f.sites[0].file, "/d/p.cu");
  EXPECT_EQ(f.sites[0].line, 12u);
  EXPECT_EQ(f.id, "schedule-dependent-failure");
}

TEST(CheckReport, DescribeOutcome) {
  RunOutcome o;
  EXPECT_EQ(DescribeOutcome(o), "could not be started");
  o.started = true;
  o.signal = 11;
  EXPECT_EQ(DescribeOutcome(o), "was killed by signal 11 (SIGSEGV)");
  EXPECT_TRUE(o.Failed());
  EXPECT_EQ(o.ShellStatus(), 139);
  o.signal = 0;
  o.exit_code = 66;
  EXPECT_FALSE(o.EngineDefect());  // exit 66 alone is the program's own status
  o.err = "warpsafe: deadlock\n";
  EXPECT_TRUE(o.EngineDefect());
}

TEST(CheckReport, LastLines) {
  EXPECT_EQ(LastLines("a\n\nb\nc\n", 2), (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(LastLines("a\r\nb", 5), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(LastLines("", 3).empty());
  EXPECT_EQ(LastLines(std::string(300, 'x'), 1)[0].size(), 243u);
}

}  // namespace
}  // namespace warpsafe::cli
