#include "cli/nvcc_options.h"

#include <gtest/gtest.h>

namespace warpsafe::cli {
namespace {

using Words = std::vector<std::string>;

ParseResult Parse(Words args) { return ParseCommandLine(args); }

// A Makefile's nvcc line with `nvcc` replaced by `warpsafe run`: every option keeps its meaning
// where the engine has one, and the rest are accepted without effect.
TEST(NvccOptions, ABuildLineRunsUnchanged) {
  const ParseResult r =
      Parse({"run", "-O3", "-lineinfo", "-std=c++17", "--expt-relaxed-constexpr", "-arch=sm_80", "-Xcompiler",
             "-fopenmp,-Wall", "-Xptxas", "-v", "-isystem", "third_party", "-UNDEBUG", "-o", "app", "main.cu",
             "util.cpp", "-L/opt/lib", "-lcublas", "-l", "m", "-lcudart", "-Xlinker", "--as-needed", "--", "-n",
             "5"});
  ASSERT_TRUE(r.line) << r.error;
  const CommandLine& cl = *r.line;
  EXPECT_EQ(cl.files, (Words{"main.cu", "util.cpp"}));
  EXPECT_EQ(cl.arch, "sm_80");
  EXPECT_EQ(cl.include_dirs, Words{"third_party"});
  EXPECT_EQ(cl.compiler_options, (Words{"-fopenmp", "-Wall", "-UNDEBUG"}));
  // CUDA's libraries are the engine: only the program's own reach the linker.
  EXPECT_EQ(cl.link_options, (Words{"-L/opt/lib", "-lm", "-Wl,--as-needed"}));
  EXPECT_EQ(cl.nvcc_words, (Words{"-std=c++17", "-Xcompiler", "-fopenmp,-Wall", "-UNDEBUG", "-L/opt/lib", "-lcublas",
                                  "-l", "m", "-lcudart", "-Xlinker", "--as-needed"}));
  EXPECT_EQ(cl.program_args, (Words{"-n", "5"}));
}

TEST(NvccOptions, TheArchitectureIsTheHighestEmulatedOneListed) {
  ParseResult r = Parse({"run", "p.cu", "-gencode", "arch=compute_70,code=sm_70", "-gencode=arch=compute_86,code=[sm_86,compute_86]"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->arch, "sm_86");
  r = Parse({"check", "p.cu", "--gpu-architecture=compute_75"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->arch, "sm_75");
  // A model the engine does not emulate runs as its generation's nearest emulated one.
  r = Parse({"run", "p.cu", "-arch", "sm_87"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->arch, "sm_86");
  r = Parse({"run", "p.cu", "-arch=sm_90a"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->arch, "sm_90");
  r = Parse({"run", "p.cu", "-arch=native"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->arch, "sm_90");
  // warpsafe's own --arch wins over nvcc's, before or after it.
  r = Parse({"run", "p.cu", "--arch", "sm_70", "-arch=sm_80"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->arch, "sm_70");
  r = Parse({"run", "p.cu", "-arch=sm_80", "--arch", "sm_75"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_EQ(r.line->arch, "sm_75");
  r = Parse({"run", "p.cu", "-arch=sm_100"});
  ASSERT_FALSE(r.line);
  EXPECT_NE(r.error.find("not 10.0"), std::string::npos) << r.error;
  r = Parse({"run", "p.cu", "-arch=gfx90a"});
  ASSERT_FALSE(r.line);
  EXPECT_NE(r.error.find("bad value 'gfx90a'"), std::string::npos) << r.error;
}

TEST(NvccOptions, LanguageAndStandard) {
  ParseResult r = Parse({"run", "-x", "cu", "kernels.cpp", "-std", "c++20"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_TRUE(r.line->all_cuda);
  EXPECT_EQ(r.line->compiler_options, Words{"-std=gnu++20"});
  r = Parse({"run", "p.cu", "--std=c++14"});  // the engine needs C++17: compiled as such
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_TRUE(r.line->compiler_options.empty());
  r = Parse({"run", "p.cu", "-x", "fortran"});
  ASSERT_FALSE(r.line);
  EXPECT_NE(r.error.find("for -x"), std::string::npos) << r.error;
}

// `-lineinfo` is not `-l ineinfo`, nor `-lib` a library named "ib".
TEST(NvccOptions, JoinedLibrariesAreNotMistakenForOtherOptions) {
  ParseResult r = Parse({"run", "p.cu", "-lineinfo"});
  ASSERT_TRUE(r.line) << r.error;
  EXPECT_TRUE(r.line->link_options.empty());
  r = Parse({"run", "p.cu", "-lib"});
  ASSERT_FALSE(r.line);
  EXPECT_NE(r.error.find("-lib asks for a static library"), std::string::npos) << r.error;
}

TEST(NvccOptions, OutputsOtherThanAProgramAreRefused) {
  for (const char* flag : {"-c", "-dc", "-ptx", "-E", "--cubin", "-include"}) {
    const ParseResult r = Parse({"run", "p.cu", flag, "x.h"});
    ASSERT_FALSE(r.line) << flag;
    EXPECT_NE(r.error.find(std::string("nvcc's ") + flag), std::string::npos) << r.error;
  }
  ParseResult r = Parse({"run", "p.cu", "-O3=1"});
  ASSERT_FALSE(r.line);
  EXPECT_EQ(r.error, "option -O3 takes no value");
  r = Parse({"run", "p.cu", "-Xcompiler"});
  ASSERT_FALSE(r.line);
  EXPECT_EQ(r.error, "option -Xcompiler needs a value");
  // Not nvcc's either: still an unknown option.
  r = Parse({"run", "p.cu", "--frobnicate"});
  ASSERT_FALSE(r.line);
  EXPECT_NE(r.error.find("unknown option '--frobnicate'"), std::string::npos) << r.error;
  // translate is the build systems' command: nvcc's options do not apply.
  r = Parse({"translate", "p.cu", "-o", "p.cpp", "-O3"});
  ASSERT_FALSE(r.line);
}

}  // namespace
}  // namespace warpsafe::cli
