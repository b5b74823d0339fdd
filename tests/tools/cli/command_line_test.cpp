#include "cli/command_line.h"

#include <gtest/gtest.h>

namespace warpsafe::cli {
namespace {

ParseResult Parse(std::vector<std::string> args) { return ParseCommandLine(args); }

TEST(CommandLine, RunWithEveryFlag) {
  const ParseResult r = Parse({"run", "prog.cu", "--schedule", "lockstep", "--seed=42", "--arch", "sm_80", "-I", "inc",
                               "-Iinc2", "-D", "N=3", "-DFOO", "--workers", "4", "--stack-size", "64K", "-v", "--",
                               "a", "--seed", "b"});
  ASSERT_TRUE(r.line) << r.error;
  const CommandLine& cl = *r.line;
  EXPECT_EQ(cl.command, Subcommand::kRun);
  EXPECT_EQ(cl.file, "prog.cu");
  EXPECT_EQ(cl.schedule, "lockstep");
  EXPECT_EQ(cl.seed, 42u);
  EXPECT_EQ(cl.arch, "sm_80");
  EXPECT_EQ(cl.include_dirs, (std::vector<std::string>{"inc", "inc2"}));
  EXPECT_EQ(cl.defines, (std::vector<std::string>{"N=3", "FOO"}));
  EXPECT_EQ(cl.workers, 4u);
  EXPECT_EQ(cl.stack_size, 64u * 1024);
  EXPECT_TRUE(cl.verbose);
  EXPECT_TRUE(cl.wrap_main);
  EXPECT_EQ(cl.program_args, (std::vector<std::string>{"a", "--seed", "b"}));
}

TEST(CommandLine, BuildAndTranslate) {
  ParseResult r = Parse({"build", "p.cu", "-o", "p"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->output, "p");
  r = Parse({"translate", "p.cu", "-o", "p.cpp", "--wrap-main", "--depfile", "p.d", "--arch=sm_70"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_TRUE(r.line->wrap_main);
  EXPECT_EQ(r.line->depfile, "p.d");
  EXPECT_EQ(r.line->arch, "sm_70");
  r = Parse({"translate", "p.cu", "-o", "p.cpp"});
  ASSERT_TRUE(r.line);
  EXPECT_FALSE(r.line->wrap_main);
}

TEST(CommandLine, UsageErrors) {
  const std::vector<std::vector<std::string>> bad = {
      {},
      {"--bogus"},
      {"frobnicate", "p.cu"},
      {"run"},
      {"run", "p.cu", "--bogus"},
      {"run", "p.cu", "--arch", "sm_61"},
      {"run", "p.cu", "--arch"},
      {"run", "p.cu", "--seed", "x"},
      {"run", "p.cu", "--seed", "-1"},
      {"run", "p.cu", "--schedule", "fair"},
      {"run", "p.cu", "--stack-size", "0"},
      {"run", "p.cu", "--stack-size", "8K"},
      {"run", "p.cu", "--stack-size", "2048M"},
      {"run", "p.cu", "--workers", "5000"},
      {"run", "p.cu", "extra"},
      {"run", "p.cu", "-o", "x"},
      {"build", "p.cu"},
      {"build", "p.cu", "--seed", "1"},
      {"translate", "p.cu"},
      {"translate", "p.cu", "-o", "x", "-D", "A"},
  };
  for (const auto& args : bad) {
    const ParseResult r = Parse(args);
    std::string joined;
    for (const std::string& a : args) joined += a + " ";
    EXPECT_FALSE(r.line) << joined;
    EXPECT_FALSE(r.error.empty()) << joined;
  }
  EXPECT_NE(Parse({"run", "p.cu", "--arch", "sm_61"}).error.find("sm_61"), std::string::npos);
}

TEST(CommandLine, HelpAndVersion) {
  EXPECT_EQ(Parse({"--help"}).line->command, Subcommand::kHelp);
  EXPECT_EQ(Parse({"--version"}).line->command, Subcommand::kVersion);
  const ParseResult r = Parse({"run", "--help"});
  EXPECT_EQ(r.line->command, Subcommand::kHelp);
  EXPECT_EQ(r.line->help_topic, "run");
  EXPECT_NE(HelpText("run").find("--schedule"), std::string::npos);
  EXPECT_NE(HelpText("").find("usage: warpsafe"), std::string::npos);
}

}  // namespace
}  // namespace warpsafe::cli
