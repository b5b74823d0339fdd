// A checked build's compile in two steps (toolchain.h, InlineStages): bitcode, then that bitcode
// optimised again with the first compile's level and code generator options.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/toolchain.h"

namespace warpsafe::cli {
namespace {

bool Has(const std::vector<std::string>& cmd, const std::string& word) {
  return std::find(cmd.begin(), cmd.end(), word) != cmd.end();
}

TEST(InlineStages, BitcodeThenTheSameLevelAndSectionsFromIt) {
  const std::vector<std::string> compile = {"clang++-14", "-std=gnu++17", "-O0", "-g", "-ffunction-sections",
                                            "-fPIC", "-mcmodel=large", "-DX=1", "-c", "-o", "out/a.o", "a.cpp"};
  const auto stages = InlineStages(compile);
  ASSERT_EQ(stages.size(), 2u);
  const std::vector<std::string>& first = stages[0];
  // The first is the compile itself, to bitcode next to the object.
  const auto c = std::find(first.begin(), first.end(), "-c");
  ASSERT_NE(c, first.end());
  EXPECT_EQ(*(c - 1), "-emit-llvm");
  const auto o = std::find(first.begin(), first.end(), "-o");
  ASSERT_NE(o, first.end());
  EXPECT_EQ(*(o + 1), "out/a.o.bc");
  EXPECT_TRUE(Has(first, "-DX=1"));
  EXPECT_EQ(first.back(), "a.cpp");
  // The second compiles that bitcode to the object, no source option repeated.
  const std::vector<std::string>& second = stages[1];
  EXPECT_TRUE(Has(second, "-O0"));
  EXPECT_FALSE(Has(second, "-O1"));
  EXPECT_TRUE(Has(second, "-ffunction-sections"));
  EXPECT_TRUE(Has(second, "-fPIC"));
  EXPECT_TRUE(Has(second, "-mcmodel=large"));
  EXPECT_FALSE(Has(second, "-DX=1"));
  EXPECT_FALSE(Has(second, "-g"));
  const auto so = std::find(second.begin(), second.end(), "-o");
  ASSERT_NE(so, second.end());
  EXPECT_EQ(*(so + 1), "out/a.o");
  ASSERT_GE(second.size(), 3u);
  EXPECT_EQ(second[second.size() - 3], "-x");
  EXPECT_EQ(second[second.size() - 2], "ir");
  EXPECT_EQ(second.back(), "out/a.o.bc");
}

TEST(InlineStages, ACompileOfCStaysOneCommand) {
  const std::vector<std::string> compile = {"clang++-14", "-x", "c", "-std=gnu17", "-c", "-o", "b.o", "b.c"};
  const auto stages = InlineStages(compile);
  ASSERT_EQ(stages.size(), 1u);
  EXPECT_EQ(stages[0], compile);
}

TEST(InlineStages, OnlyTheFirstOfTwoStepsDefinesTheInlineCallbacks) {
  CompileRequest request;
  request.source = "a.cpp";
  request.output = "a.o";
  request.instrumented = true;
  // A compile in one step (the fallback) calls the engine's callbacks, named by return address.
  const std::vector<std::string> cmd = CompileCommand(request);
  EXPECT_FALSE(Has(cmd, "warpsafe/engine/check_inline.h"));
  const auto stages = InlineStages(cmd);
  ASSERT_EQ(stages.size(), 2u);
  const auto include = std::find(stages[0].begin(), stages[0].end(), "-include");
  ASSERT_NE(include, stages[0].end());
  EXPECT_EQ(*(include + 1), "warpsafe/engine/check_inline.h");
  EXPECT_FALSE(Has(stages[1], "warpsafe/engine/check_inline.h"));
}

TEST(InlineStages, DroppedDebugInformationIsLlvmsWarningOnly) {
  EXPECT_TRUE(DroppedDebugInformation("warning: ignoring invalid debug info in /tmp/a.o.bc\n"));
  EXPECT_FALSE(DroppedDebugInformation(""));
  EXPECT_FALSE(DroppedDebugInformation("warning: overriding the module target triple\n"));
}

TEST(InlineStages, LargeFilesAreCompiledInOneStep) {
  unsetenv("WARPSAFE_CHECK_INLINE_LIMIT");
  EXPECT_TRUE(InlineStepWorthIt(0));
  EXPECT_TRUE(InlineStepWorthIt(std::uintmax_t(2) << 20));
  EXPECT_FALSE(InlineStepWorthIt((std::uintmax_t(2) << 20) + 1));
  EXPECT_FALSE(InlineStepWorthIt(std::uintmax_t(9300000)));  // tests/warp/warp_scan_test.cu's
  setenv("WARPSAFE_CHECK_INLINE_LIMIT", "100", 1);
  EXPECT_TRUE(InlineStepWorthIt(100));
  EXPECT_FALSE(InlineStepWorthIt(101));
  setenv("WARPSAFE_CHECK_INLINE_LIMIT", "12x", 1);  // not a number: the default
  EXPECT_TRUE(InlineStepWorthIt(101));
  unsetenv("WARPSAFE_CHECK_INLINE_LIMIT");
}

}  // namespace
}  // namespace warpsafe::cli
