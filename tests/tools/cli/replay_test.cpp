// The same `warpsafe check --seed` gives the same report byte for byte, whatever address-space
// randomisation did: a report names memory by allocation, call site and offset, never by address.
#include <gtest/gtest.h>

#include <regex>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

TEST(Replay, ARaceOnGlobalMemoryIsReportedByteForByteAlike) {
  const std::string env = "WARPSAFE_CACHE_DIR=" + ScratchDir("replay_cache");
  const std::string args = "check " + DataFile("global_race.cu") + " --seed 3 --schedules 3";
  const CliResult first = RunCli(args, env);
  ASSERT_EQ(first.status, 66) << first.err;
  EXPECT_EQ(first.err.rfind("warpsafe: data race\n", 0), 0u) << first.err;
  // The block is named by its size, its order among allocations, the line that made it.
  EXPECT_NE(first.err.find("global memory: cudaMalloc block of 64 bytes (the program's 2nd allocation, made at " +
                           DataFile("global_race.cu") + ":13), at +12"),
            std::string::npos)
      << first.err;
  EXPECT_FALSE(std::regex_search(first.err, std::regex("0x[0-9a-f]{6,}"))) << "an address in the report:\n"
                                                                          << first.err;
  for (int i = 0; i < 3; ++i) {
    const CliResult again = RunCli(args, env);
    EXPECT_EQ(again.status, 66);
    EXPECT_EQ(again.err, first.err);
  }
}

}  // namespace
}  // namespace warpsafe::test
