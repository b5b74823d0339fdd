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
  EXPECT_EQ(r.line->options_file, "");
  // The passes' extra options (CCCL's shadow tree), for build systems: translate's only.
  r = Parse({"translate", "p.cu", "-o", "p.cpp", "--options-file", "p.options"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->options_file, "p.options");
  EXPECT_FALSE(Parse({"run", "p.cu", "--options-file", "p.options"}).line);
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
      {"run", "p.cu", "-o"},
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

TEST(CommandLine, SeveralSourceFiles) {
  const ParseResult r = Parse({"run", "a.cu", "b.cu", "host.cpp", "--arch", "sm_80", "--", "x.cu"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->file, "a.cu");
  EXPECT_EQ(r.line->files, (std::vector<std::string>{"a.cu", "b.cu", "host.cpp"}));
  EXPECT_EQ(r.line->program_args, (std::vector<std::string>{"x.cu"}));
  EXPECT_TRUE(Parse({"check", "a.cu", "b.cc"}).line);
  EXPECT_TRUE(Parse({"build", "a.cu", "b.cu", "-o", "exe"}).line);
  // A second word that is no source is a misplaced program argument; translate takes one file.
  EXPECT_NE(Parse({"run", "a.cu", "b.cu", "extra"}).error.find("after `--`"), std::string::npos);
  EXPECT_FALSE(Parse({"translate", "a.cu", "b.cu", "-o", "x.cpp"}).line);
}

TEST(CommandLine, BuildSystemSteps) {
  ParseResult r = Parse({"join-passes", "-o", "dir", "--device", "a.o", "b.o", "--host", "c.o", "d.o"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->command, Subcommand::kJoinPasses);
  EXPECT_EQ(r.line->output, "dir");
  EXPECT_EQ(r.line->device_objects, (std::vector<std::string>{"a.o", "b.o"}));
  EXPECT_EQ(r.line->host_objects, (std::vector<std::string>{"c.o", "d.o"}));
  EXPECT_FALSE(Parse({"join-passes", "--device", "a.o"}).line);
  EXPECT_FALSE(Parse({"join-passes", "-o", "dir", "stray.o"}).line);
  // The engine's NVRTC build (engine/src/nvrtc/compile.cpp writes this command line).
  r = Parse({"build-module", "/d/k.cu", "-o", "/d/module.so", "--arch", "sm_80", "--instrumented", "-I", "/inc",
             "-D", "N=4", "-Xcompiler=-iquote", "-Xcompiler=/d"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->command, Subcommand::kBuildModule);
  EXPECT_EQ(r.line->files, std::vector<std::string>{"/d/k.cu"});
  EXPECT_EQ(r.line->output, "/d/module.so");
  EXPECT_EQ(r.line->arch, "sm_80");
  EXPECT_TRUE(r.line->instrumented);
  EXPECT_TRUE(r.line->all_cuda);  // NVRTC's program is CUDA whatever its name
  EXPECT_EQ(r.line->include_dirs, std::vector<std::string>{"/inc"});
  EXPECT_EQ(r.line->defines, std::vector<std::string>{"N=4"});
  EXPECT_EQ(r.line->compiler_options, (std::vector<std::string>{"-iquote", "/d"}));
  EXPECT_FALSE(Parse({"build-module", "/d/k.cu"}).line);
  EXPECT_FALSE(Parse({"build-module", "-o", "/d/module.so"}).line);
  EXPECT_FALSE(Parse({"build-module", "/d/k.cu", "-o", "m.so", "--arch", "sm_100"}).line);
  EXPECT_FALSE(Parse({"build-module", "/d/k.cu", "/d/other.cu", "-o", "m.so"}).line);
  r = Parse({"device-pass", "--", "g++", "-c", "x.cpp"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->command, Subcommand::kDevicePass);
  EXPECT_EQ(r.line->program_args, (std::vector<std::string>{"g++", "-c", "x.cpp"}));
  EXPECT_FALSE(Parse({"device-pass", "g++"}).line);
  r = Parse({"host-pass", "--arch", "sm_80", "--", "g++", "-c", "x.cpp"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->command, Subcommand::kHostPass);
  EXPECT_EQ(r.line->arch, "sm_80");
  EXPECT_EQ(r.line->program_args, (std::vector<std::string>{"g++", "-c", "x.cpp"}));
  EXPECT_FALSE(Parse({"host-pass", "--arch", "sm_1", "--", "g++"}).line);
  EXPECT_FALSE(Parse({"device-pass", "--arch", "sm_80", "--", "g++"}).line);
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
