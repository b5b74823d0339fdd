// Compiling is bounded: a file of garbage ends quickly with the first errors and a count of the
// rest, and a compiler that takes too long is stopped with a message naming the limit.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <random>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string Cache(const std::string& name) { return "WARPSAFE_CACHE_DIR=" + ScratchDir("limits_cache_" + name); }

TEST(CompileLimits, TenMegabytesOfGarbageEndQuicklyWithAShortMessage) {
  const std::string dir = ScratchDir("garbage");
  const std::string file = dir + "/garbage.cu";
  {
    std::mt19937_64 rng(20231125);
    std::ofstream out(file, std::ios::binary);
    out << "int main() { return 0; }\n";  // so that it is the compiler that sees the garbage
    std::string line;
    for (std::size_t written = 0; written < 10u * 1024 * 1024; written += line.size()) {
      line.clear();
      for (int i = 0; i < 99; ++i) line += static_cast<char>(' ' + rng() % 95);
      line += '\n';
      out << line;
    }
  }
  const Clock::time_point start = Clock::now();
  const CliResult r = RunCli("run " + file, Cache("garbage"));
  const double seconds = SecondsSince(start);
  EXPECT_EQ(r.status, 65) << r.err.substr(0, 2000);
  EXPECT_LT(r.err.size(), 300u * 1024) << "diagnostics not bounded";
  EXPECT_NE(r.err.find("more error"), std::string::npos) << r.err.substr(r.err.size() > 2000 ? r.err.size() - 2000 : 0);
  EXPECT_NE(r.err.find("warpsafe: " + file + " does not compile"), std::string::npos)
      << r.err.substr(r.err.size() > 2000 ? r.err.size() - 2000 : 0);
  EXPECT_LT(seconds, 120) << "a garbage file must not keep the compiler going";
}

TEST(CompileLimits, ManyFrontEndErrorsAreCounted) {
  const std::string dir = ScratchDir("front_end_errors");
  const std::string file = dir + "/includes.cu";
  // Every include of a header that includes itself is an include cycle: 50 errors.
  std::ofstream(dir + "/self.cuh") << "#include \"self.cuh\"\n";
  {
    std::ofstream out(file);
    for (int i = 0; i < 50; ++i) out << "#include \"self.cuh\"\n";
    out << "int main() { return 0; }\n";
  }
  const CliResult r = RunCli("run " + file, Cache("front_end"));
  EXPECT_EQ(r.status, 65) << r.err;
  std::size_t shown = 0;
  for (std::size_t at = 0; (at = r.err.find("error: include cycle", at)) != std::string::npos; ++at) ++shown;
  EXPECT_EQ(shown, 20u) << r.err;
  EXPECT_NE(r.err.find("warpsafe: 30 more errors not shown"), std::string::npos) << r.err;
}

TEST(CompileLimits, ACompileThatTakesTooLongIsStopped) {
  const std::string env = Cache("slow") + " WARPSAFE_CXX=" + DataFile("slow_compiler.sh") +
                          " WARPSAFE_TEST_SLOW=60 WARPSAFE_COMPILE_SECONDS=2";
  const Clock::time_point start = Clock::now();
  const CliResult r = RunCli("run " + DataFile("hello.cu"), env);
  EXPECT_EQ(r.status, 65) << r.err;
  EXPECT_NE(r.err.find("did not compile within 2 s: the compiler was stopped (WARPSAFE_COMPILE_SECONDS"),
            std::string::npos)
      << r.err;
  // The compiler's own child (the sleep) went with it: warpsafe did not wait for it.
  EXPECT_LT(SecondsSince(start), 30);
  const CliResult bad = RunCli("run " + DataFile("hello.cu"), Cache("slow") + " WARPSAFE_COMPILE_SECONDS=soon");
  EXPECT_EQ(bad.status, 64) << bad.err;
}

}  // namespace
}  // namespace warpsafe::test
