// The CLI binary's answers that need no compiler and no engine.
#include <gtest/gtest.h>

#include <vector>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

TEST(CliUsage, Version) {
  const CliResult r = RunCli("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "warpsafe 0.1.0\n");
}

TEST(CliUsage, Help) {
  const CliResult r = RunCli("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("usage: warpsafe"), std::string::npos);
  EXPECT_EQ(RunCli("run --help").status, 0);
}

TEST(CliUsage, BadUsageExits64) {
  for (const std::string& args : std::vector<std::string>{"", "--bogus", "run " + DataFile("hello.cu") + " --bogus",
                                 "run " + DataFile("hello.cu") + " --arch sm_61",
                                 "run " + DataFile("hello.cu") + " --seed x", "build " + DataFile("hello.cu"),
                                 "translate " + DataFile("hello.cu")}) {
    const CliResult r = RunCli(args);
    EXPECT_EQ(r.status, 64) << args;
    EXPECT_EQ(r.err.rfind("warpsafe: ", 0), 0u) << args << ": " << r.err;
  }
}

TEST(CliUsage, MissingFileExits67) {
  const CliResult r = RunCli("run " + DataFile("no_such_file.cu"));
  EXPECT_EQ(r.status, 67);
  EXPECT_NE(r.err.find("no_such_file.cu"), std::string::npos) << r.err;
  EXPECT_EQ(RunCli("translate " + DataFile("no_such_file.cu") + " -o /dev/null").status, 67);
}

TEST(CliUsage, MissingCompilerExits69) {
  const CliResult r = RunCli("run " + DataFile("hello.cu"), "WARPSAFE_CXX=/nonexistent/g++");
  EXPECT_EQ(r.status, 69);
  EXPECT_NE(r.err.find("warpsafe: no usable C++ compiler"), std::string::npos) << r.err;
}

TEST(CliUsage, TranslateWritesTheSourceAndTheDepfile) {
  const std::string dir = ScratchDir("translate");
  const CliResult r = RunCli("translate " + DataFile("hello.cu") + " -o " + dir + "/hello.cpp --arch sm_86 --wrap-main --depfile " +
                             dir + "/hello.d");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string cpp = Slurp(dir + "/hello.cpp");
  EXPECT_EQ(cpp.rfind("#define __NVCC__ 1\n", 0), 0u);
  EXPECT_NE(cpp.find("\n#define __WARPSAFE_ARCH__ 860\n"), std::string::npos);
  EXPECT_NE(cpp.find("#define main warpsafe_user_main"), std::string::npos);
  EXPECT_NE(cpp.find("#line 1 \"" + DataFile("hello_kernel.cuh") + "\""), std::string::npos);
  const std::string d = Slurp(dir + "/hello.d");
  EXPECT_EQ(d.rfind(dir + "/hello.cpp:", 0), 0u) << d;
  EXPECT_NE(d.find(DataFile("hello.cu")), std::string::npos) << d;
  EXPECT_NE(d.find(DataFile("hello_kernel.cuh")), std::string::npos) << d;
}

TEST(CliUsage, IncludeCycleDoesNotCompile) {
  const CliResult r = RunCli("translate " + DataFile("cycle_a.cuh") + " -o /dev/null");
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("include cycle"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace warpsafe::test
