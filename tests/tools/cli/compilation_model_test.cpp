// nvcc's compilation model end to end (docs/architecture.md, "Two passes"): __CUDA_ARCH__ in
// device code only and as --arch says, one __device__ object for both passes, several source
// files, and an include path on which the CUDA toolkit's headers never appear.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/run_cli.h"

namespace warpsafe::test {
namespace {

std::string FreshCache(const std::string& name) { return "WARPSAFE_CACHE_DIR=" + ScratchDir("cache_" + name); }
std::string Passes(const std::string& name) { return DataFile("passes/" + name); }

TEST(CompilationModel, KernelBranchesFollowTheArchAndHostCodeSeesNone) {
  const std::string env = FreshCache("arch");
  const struct {
    const char* arch;
    const char* expected;
  } cases[] = {
      {"sm_60", "kernel branch 2, kernel sees 600, host sees -1, host defines 0\n"},
      {"sm_70", "kernel branch 1, kernel sees 700, host sees -1, host defines 0\n"},
      {"sm_75", "kernel branch 1, kernel sees 750, host sees -1, host defines 0\n"},
      {"sm_80", "kernel branch 1, kernel sees 800, host sees -1, host defines 0\n"},
      {"sm_86", "kernel branch 1, kernel sees 860, host sees -1, host defines 0\n"},
      {"sm_89", "kernel branch 1, kernel sees 890, host sees -1, host defines 0\n"},
      {"sm_90", "kernel branch 1, kernel sees 900, host sees -1, host defines 0\n"},
  };
  for (const auto& c : cases) {
    const CliResult r = RunCli("run " + Passes("arch_branches.cu") + " --arch " + c.arch, env);
    EXPECT_EQ(r.status, 0) << c.arch << r.err;
    EXPECT_EQ(r.out, c.expected) << c.arch << r.err;
  }
}

TEST(CompilationModel, InstrumentedBuildsHaveBothPassesToo) {
  // The program exits 1 when a side saw the wrong __CUDA_ARCH__: the lockstep baseline would fail.
  const CliResult r = RunCli("check " + Passes("arch_branches.cu") + " --arch sm_70 --schedules 1", FreshCache("check"));
  EXPECT_EQ(r.status, 0) << r.out << r.err;
}

TEST(CompilationModel, OneDeviceVariableForBothPasses) {
  const CliResult r = RunCli("run " + Passes("device_symbol.cu") + " --schedule random --seed 5", FreshCache("symbol"));
  EXPECT_EQ(r.status, 0) << r.err;
  // 40 + 64 threads x 3; the host global's constructor ran once, not once per pass.
  EXPECT_EQ(r.out, "constructed\ncounter 232, through its address 232\n") << r.err;
}

TEST(CompilationModel, ThreeFilesWithExternDeviceSymbols) {
  const std::string env = FreshCache("three");
  const std::string files = Passes("three_files/data.cu") + " " + Passes("three_files/kernels.cu") + " " +
                            Passes("three_files/main.cpp");
  CliResult r = RunCli("run " + files + " --arch sm_80 -- x", env);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "gathered 30 60 90 300\n") << r.err;  // data.cu's sm_80 branch, from kernels.cu
  // Any order; the other branch of data.cu's device function under sm_70.
  r = RunCli("run " + Passes("three_files/main.cpp") + " " + Passes("three_files/kernels.cu") + " " +
                 Passes("three_files/data.cu") + " --arch sm_70",
             env);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "gathered 20 40 60 100\n") << r.err;
  const std::string exe = ScratchDir("three_build") + "/three";
  r = RunCli("build " + files + " --arch sm_90 -o " + exe, env);
  ASSERT_EQ(r.status, 0) << r.err;
  r = RunCli("check " + files + " --schedules 2", env);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
}

TEST(CompilationModel, OneCompileWhenNothingDependsOnCudaArch) {
  const std::string env = FreshCache("skip");
  CliResult r = RunCli("run -v " + DataFile("hello.cu"), env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("one compile serves both passes"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("(device pass)"), std::string::npos) << r.err;
  // The host pass is then the program: its kernels are compiled as code that runs (keywords.h).
  EXPECT_NE(r.err.find("-D__WARPSAFE_ONE_PASS__=1"), std::string::npos) << r.err;
  r = RunCli("run -v " + Passes("arch_branches.cu"), env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("(device pass)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("__WARPSAFE_ONE_PASS__"), std::string::npos) << r.err;
}

// The device pass emits none of main, which only the host pass's engine main calls, nor the host
// code only main instantiates (translate.cpp, InternalMain), and still every kernel the host pass
// launches: those instantiated by that host code and the one instantiated with a lambda of main,
// whose names the two passes must agree on (internal_kernels.h).
TEST(CompilationModel, TheDevicePassEmitsNoneOfMain) {
  const std::string symbols = ScratchDir("device_symbols") + "/nm.txt";
  const std::string env = FreshCache("device_symbols") + " WARPSAFE_CXX=" + DataFile("device_symbols_compiler.sh") +
                          " WARPSAFE_TEST_SYMBOLS=" + symbols;
  const CliResult r = RunCli("run -v " + Passes("host_driver.cu"), env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "int 1488, double 248.0, lambda 720\n") << r.err;
  ASSERT_NE(r.err.find("(device pass)"), std::string::npos) << r.err;
  const std::string nm = Slurp(symbols);
  for (const char* kernel : {"_Z5ScaleIiEvPT_S0_", "_Z5ScaleIdEvPT_S0_", "_Z5ApplyIZL18warpsafe_user_mainvEUli"}) {
    EXPECT_NE(nm.find(kernel), std::string::npos) << kernel << "\n" << nm;
  }
  // The lambda's kernel and its parameters' layout record name main in their own names; nothing
  // else may.
  std::istringstream lines(nm);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("Apply") != std::string::npos || line.find("KernelParameterLayout") != std::string::npos) continue;
    for (const char* host : {"warpsafe_user_main", "HostOnlyDriver", " main", "EngineMain"}) {
      EXPECT_EQ(line.find(host), std::string::npos) << line;
    }
  }
}

// The join pairs a file's two objects by the source file they record, so both passes compile the
// same file even when only one of them has a precompiled prologue: the other reads the prologue as
// text. Were they to differ, main's lambda kernel would run the host pass's copy, whose body never
// runs (host_kernel_bodies.h), and the lambda's sum would stay 496.
TEST(CompilationModel, BothPassesCompileOneFileWhenOnePrologueDoesNotPrecompile) {
  const std::string env = FreshCache("no_device_pch") + " WARPSAFE_CXX=" + DataFile("no_device_pch_compiler.sh");
  const CliResult r = RunCli("run -v " + Passes("host_driver.cu"), env);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "int 1488, double 248.0, lambda 720\n") << r.err;
  EXPECT_NE(r.err.find("the prologue did not precompile for this pass: read as text"), std::string::npos) << r.err;
}

TEST(CompilationModel, TheToolkitsHeadersNeverResolve) {
  // cusolverRf.h exists only in a CUDA toolkit (whose include directory this machine's compiler may
  // search by default), and the engine refuses it: the include must fail at the user's line, with
  // the engine's message, exit 65.
  const CliResult r = RunCli("run " + Passes("toolkit_header.cu"), FreshCache("toolkit"));
  EXPECT_EQ(r.status, 65) << r.err;
  EXPECT_NE(r.err.find(Passes("toolkit_header.cu") + ":3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("cuSOLVER"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("/cuda"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("In file included from /usr"), std::string::npos) << r.err;
}

TEST(CompilationModel, HeaderLibrariesWithCcclsLayoutGoThroughTheShadowTree) {
  const CliResult r = RunCli("run -v " + DataFile("cccl_program.cu") + " -I " + DataFile("cccl_standin"),
                             FreshCache("cccl"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "sum 2016\n") << r.err;
  EXPECT_NE(r.err.find("warpsafe: CCCL from " + DataFile("cccl_standin")), std::string::npos) << r.err;
}

}  // namespace
}  // namespace warpsafe::test
