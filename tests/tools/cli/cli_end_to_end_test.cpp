// `warpsafe run` and `warpsafe build` end to end: these compile programs against the engine.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

// A cache of its own, so the first run of a test is always a miss.
std::string FreshCache(const std::string& name) { return "WARPSAFE_CACHE_DIR=" + ScratchDir("cache_" + name); }

TEST(CliEndToEnd, SyntaxErrorExits65AtTheUsersLine) {
  const CliResult r = RunCli("run " + DataFile("syntax_error.cu"), FreshCache("syntax"));
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("syntax_error.cu:6"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("warpsafe: " + DataFile("syntax_error.cu") + " does not compile (compiler exit "),
            std::string::npos)
      << r.err;
}

TEST(CliEndToEnd, RunPassesArgumentsAndExitStatus) {
  const std::string env = FreshCache("run");
  CliResult r = RunCli("run " + DataFile("hello.cu") + " --schedule lockstep --seed 3 -- a 'b c'", env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("sums 992 992\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("arg a\narg b c\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("replay " + std::string(WARPSAFE_CLI) + " run " + DataFile("hello.cu") +
                       " --schedule lockstep --seed 3 --arch sm_90 -- a 'b c'\n"),
            std::string::npos)
      << r.out;
  r = RunCli("run " + DataFile("hello.cu") + " -- fail", env);
  EXPECT_EQ(r.status, 3) << r.err;
}

TEST(CliEndToEnd, SecondRunIsACacheHit) {
  const std::string env = FreshCache("hit");
  CliResult r = RunCli("run -v " + DataFile("hello.cu"), env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warpsafe: compiling "), std::string::npos) << r.err;
  r = RunCli("run -v " + DataFile("hello.cu"), env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warpsafe: cache hit"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("compiling"), std::string::npos) << r.err;
  // A different -D is a different program.
  r = RunCli("run -v -D UNUSED=1 " + DataFile("hello.cu"), env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warpsafe: compiling "), std::string::npos) << r.err;
}

TEST(CliEndToEnd, EditedIncludeDirHeaderIsRecompiled) {
  const std::string env = FreshCache("edited");
  const std::string inc = ScratchDir("edited_inc");
  std::ofstream(inc + "/value.h") << "#define VALUE 1\n";
  const std::string args = "run -v " + DataFile("angle_include.cu") + " -I " + inc;
  CliResult r = RunCli(args, env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "value 1\n");
  r = RunCli(args, env);
  EXPECT_NE(r.err.find("warpsafe: cache hit"), std::string::npos) << r.err;
  std::ofstream(inc + "/value.h") << "#define VALUE 22\n";
  r = RunCli(args, env);
  EXPECT_NE(r.err.find("warpsafe: compiling "), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "value 22\n");
}

TEST(CliEndToEnd, UnusableCacheDirFallsBackToATempDir) {
  const std::string tmp = ScratchDir("fallback_tmp");
  const std::string file = tmp + "/a_file";
  std::ofstream(file) << "not a directory";
  const CliResult r = RunCli("run -v " + DataFile("hello.cu"), "TMPDIR=" + tmp + " WARPSAFE_CACHE_DIR=" + file + "/cache");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(tmp + "/warpsafe-cache-"), std::string::npos) << r.err;
}

TEST(CliEndToEnd, BuildMakesAStandaloneExecutable) {
  const std::string dir = ScratchDir("build");
  const std::string exe = dir + "/hello";
  CliResult r = RunCli("build " + DataFile("hello.cu") + " -o " + exe);
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_TRUE(std::filesystem::exists(exe));
  const std::string cmd = exe + " --schedule lockstep -- x >" + dir + "/out.txt 2>&1";
  const int raw = std::system(cmd.c_str());
  EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << Slurp(dir + "/out.txt");
  const std::string out = Slurp(dir + "/out.txt");
  EXPECT_NE(out.find("sums 992 992\n"), std::string::npos) << out;
  EXPECT_NE(out.find("arg x\n"), std::string::npos) << out;
}

}  // namespace
}  // namespace warpsafe::test
