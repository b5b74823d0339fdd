// A program's output survives however it ends: returning from main or calling exit() with engine
// state alive (an atexit handler that launches a kernel, a static destructor that frees device
// memory), and a crash in host code.
#include <gtest/gtest.h>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

std::string Cache(const std::string& name) { return "WARPSAFE_CACHE_DIR=" + ScratchDir("exit_cache_" + name); }

void ExpectEveryLine(const CliResult& r, int lines) {
  for (int i = 0; i < lines; ++i) {
    ASSERT_NE(r.out.find("line " + std::to_string(i) + "\n"), std::string::npos) << "line " << i << " lost\n"
                                                                                  << r.err;
  }
}

TEST(ExitPaths, ReturnFromMainWithEngineStateAlive) {
  const CliResult r = RunCli("run " + DataFile("exit_paths.cu"), Cache("return"));
  EXPECT_EQ(r.status, 0) << r.err;
  ExpectEveryLine(r, 2000);
  EXPECT_NE(r.out.find("atexit kernel: ok\n"), std::string::npos) << r.out.substr(r.out.size() - 200) << r.err;
  EXPECT_NE(r.out.find("static destructor: cudaFree ok\n"), std::string::npos) << r.err;
  EXPECT_EQ(r.err, "");
}

TEST(ExitPaths, ExitFromMainWithEngineStateAlive) {
  const CliResult r = RunCli("run " + DataFile("exit_paths.cu") + " -- exit", Cache("exit"));
  EXPECT_EQ(r.status, 0) << r.err;
  ExpectEveryLine(r, 2000);
  EXPECT_NE(r.out.find("atexit kernel: ok\n"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("static destructor: cudaFree ok\n"), std::string::npos) << r.err;
}

TEST(ExitPaths, HostCrashKeepsWhatWasPrinted) {
  const CliResult r = RunCli("run " + DataFile("host_crash.cu"), Cache("crash"));
  EXPECT_EQ(r.status, 128 + 11) << r.err;
  ExpectEveryLine(r, 500);
  EXPECT_NE(r.err.find("program killed by signal 11 (SIGSEGV)"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace warpsafe::test
