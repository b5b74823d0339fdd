#include "nvrtc/compile_options.h"

#include <gtest/gtest.h>

namespace warpsafe::engine::nvrtc {
namespace {

using Strings = std::vector<std::string>;

TEST(NvrtcOptions, IncludeDirsAndMacrosInEveryForm) {
  const BuildOptions o = ParseOptions(
      {"-I/a", "--include-path=/b", "-I", "/c", "-DX=1", "--define-macro=Y", "-D", "Z=2"}, "sm_90");
  EXPECT_EQ(o.error, "");
  EXPECT_EQ(o.include_dirs, (Strings{"/a", "/b", "/c"}));
  EXPECT_EQ(o.defines, (Strings{"X=1", "Y", "Z=2"}));
}

TEST(NvrtcOptions, ArchitectureFromSmOrComputeElseTheDefault) {
  EXPECT_EQ(ParseOptions({}, "sm_80").arch, "sm_80");
  EXPECT_EQ(ParseOptions({"--gpu-architecture=compute_75"}, "sm_90").arch, "sm_75");
  EXPECT_EQ(ParseOptions({"-arch=sm_86"}, "sm_90").arch, "sm_86");
  EXPECT_EQ(ParseOptions({"-arch", "compute_70"}, "sm_90").arch, "sm_70");
  const BuildOptions o = ParseOptions({"-arch=sm_100"}, "sm_90");
  EXPECT_NE(o.error.find("unsupported architecture 'sm_100'"), std::string::npos) << o.error;
}

TEST(NvrtcOptions, StandardUndefinePreInclude) {
  EXPECT_EQ(ParseOptions({"--std=c++17"}, "sm_90").compiler_options, Strings{});
  EXPECT_EQ(ParseOptions({"-std=c++11"}, "sm_90").compiler_options, Strings{});
  EXPECT_EQ(ParseOptions({"-std=c++20"}, "sm_90").compiler_options, Strings{"-std=gnu++20"});
  EXPECT_NE(ParseOptions({"-std=c++98"}, "sm_90").error, "");
  EXPECT_EQ(ParseOptions({"-UFOO", "--pre-include=pre.h"}, "sm_90").compiler_options,
            (Strings{"-UFOO", "-include", "pre.h"}));
}

TEST(NvrtcOptions, CodeGenerationOptionsChangeNothing) {
  const BuildOptions o = ParseOptions({"-default-device", "--use_fast_math", "-lineinfo", "-G", "--fmad=false",
                                       "--ftz=true", "-rdc=true", "--maxrregcount=32", "-dopt=on", "-w", "-dlto"},
                                      "sm_90");
  EXPECT_EQ(o.error, "");
  EXPECT_TRUE(o.include_dirs.empty() && o.defines.empty() && o.compiler_options.empty());
}

TEST(NvrtcOptions, UnknownOptionsAndMissingValuesAreRefused) {
  EXPECT_EQ(ParseOptions({"--no-such-option"}, "sm_90").error, "unrecognized option '--no-such-option'");
  EXPECT_EQ(ParseOptions({"plain"}, "sm_90").error, "unrecognized option 'plain'");
  EXPECT_EQ(ParseOptions({"-use_fast_math=1"}, "sm_90").error, "unrecognized option '-use_fast_math=1'");
  EXPECT_EQ(ParseOptions({"--include-path"}, "sm_90").error, "option '--include-path' needs a value");
}

}  // namespace
}  // namespace warpsafe::engine::nvrtc
