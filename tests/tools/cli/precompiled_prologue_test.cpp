// The precompiled prologue: where a translated file's prologue ends, which compile options key it,
// how a compile reads it, and how GCC is told from another compiler. The whole path (built once,
// reused from another folder, rebuilt for other options, ignored when damaged) is run end to end
// by tests/programs/cli/precompiled_prologue.cu.
#include "cli/precompiled_prologue.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/include_policy.h"
#include "frontend/translate.h"

namespace warpsafe::cli {
namespace {

using Words = std::vector<std::string>;

TEST(PrecompiledPrologue, TheHeadEndsAtTheProloguesLastInclude) {
  frontend::TranslateOptions options;
  options.arch = 80;
  options.wrap_main = true;
  const frontend::TranslateResult translated =
      frontend::Translate("/src/app.cu", "__global__ void k() {}\nint main() { return 0; }\n", options,
                          [](const std::string&) -> std::optional<std::string> { return std::nullopt; });
  ASSERT_TRUE(translated.errors.empty());
  const std::optional<PrologueSplit> split = SplitPrologue(translated.text);
  ASSERT_TRUE(split.has_value());
  EXPECT_EQ(split->head + split->rest, translated.text);
  EXPECT_EQ(split->head.rfind(frontend::kPrologueFirstLine, 0), 0u);
  EXPECT_NE(split->head.find("#define __CUDA_ARCH_LIST__ 800\n"), std::string::npos);
  EXPECT_NE(split->head.find("#include <cuda_runtime.h>\n"), std::string::npos);
  EXPECT_EQ(split->head.size() - split->head.rfind(frontend::kPrologueLastInclude),
            frontend::kPrologueLastInclude.size());
  // Everything of the user's is in the rest, after its #line.
  EXPECT_EQ(split->head.find("app.cu"), std::string::npos);
  EXPECT_NE(split->rest.find("#line 1 \"/src/app.cu\""), std::string::npos);
  EXPECT_NE(split->rest.find("#define main warpsafe_user_main"), std::string::npos);
}

TEST(PrecompiledPrologue, OnlyTheTranslatorsPrologueIsSplit) {
  EXPECT_FALSE(SplitPrologue("").has_value());
  EXPECT_FALSE(SplitPrologue("int x;\n#include <warpsafe/engine/shared_proxy.h>\n").has_value());
  // The first line without the last #include (a file cut short), or code between them.
  EXPECT_FALSE(SplitPrologue("#define __NVCC__ 1\n#include <cuda_runtime.h>\nint x;\n").has_value());
  EXPECT_FALSE(SplitPrologue("#define __NVCC__ 1\nint x;\n#include <warpsafe/engine/shared_proxy.h>\n").has_value());
  // The include not at the start of a line.
  EXPECT_FALSE(SplitPrologue("#define __NVCC__ 1\n#define X #include <warpsafe/engine/shared_proxy.h>\n").has_value());
  const std::optional<PrologueSplit> split =
      SplitPrologue("#define __NVCC__ 1\n#include <warpsafe/engine/shared_proxy.h>\nint x;\n");
  ASSERT_TRUE(split.has_value());
  EXPECT_EQ(split->head, "#define __NVCC__ 1\n#include <warpsafe/engine/shared_proxy.h>\n");
  EXPECT_EQ(split->rest, "int x;\n");
}

TEST(PrecompiledPrologue, TheKeyLeavesOutFilesAndIncludeDirectoriesOnly) {
  const Words compile{"g++",       "-std=gnu++17", "-O1", "-g",       "-I",   "/user/inc", "-I/joined",
                      "-isystem",  "/sys",         "-DN=4", "-idirafter", "/src", "-iquote",  "/q",
                      "-iquote/j", "-MD",          "-MF",  "/t/a.d",   "-c",   "-o",        "/t/a.o",
                      "/t/a.cpp"};
  EXPECT_EQ(PrologueKeyOptions(compile), (Words{"g++", "-std=gnu++17", "-O1", "-g", "-DN=4"}));
  // Every other option decides the header's meaning or its code, and stays.
  const Words device{"g++", "-O0", "-D__WARPSAFE_DEVICE_PASS__=1", "-fsanitize=shift-exponent", "-c", "-o", "x.o",
                     "x.cpp"};
  EXPECT_EQ(PrologueKeyOptions(device),
            (Words{"g++", "-O0", "-D__WARPSAFE_DEVICE_PASS__=1", "-fsanitize=shift-exponent"}));
}

TEST(PrecompiledPrologue, TheCompileIncludesTheHeaderAndListsItsDependencies) {
  const Words host{"g++", "-O1", "-MD", "-MF", "/t/a.d", "-c", "-o", "/t/a.o", "/t/a.cpp"};
  EXPECT_EQ(CompileWithPrologue(host, "/c/prologue/k/prologue.h", "/t/a.rest.cpp"),
            (Words{"g++", "-O1", "-MD", "-MF", "/t/a.d", "-c", "-o", "/t/a.o", "-fpch-deps", "-include",
                   "/c/prologue/k/prologue.h", "/t/a.rest.cpp"}));
  // Without a depfile (the device pass), no -fpch-deps.
  const Words device{"g++", "-O1", "-c", "-o", "/t/a.device.o", "/t/a.cpp"};
  EXPECT_EQ(CompileWithPrologue(device, "/h.h", "/t/a.rest.cpp"),
            (Words{"g++", "-O1", "-c", "-o", "/t/a.device.o", "-include", "/h.h", "/t/a.rest.cpp"}));
}

TEST(PrecompiledPrologue, GccIsToldFromClangByItsVersionLine) {
  EXPECT_EQ(ParseGccVersion("Using built-in specs.\nCOLLECT_GCC=g++\nThread model: posix\n"
                            "gcc version 12.2.0 (Debian 12.2.0-14)\nCOLLECT_GCC_OPTIONS='-E' '-v'\n"),
            "gcc version 12.2.0 (Debian 12.2.0-14)");
  EXPECT_EQ(ParseGccVersion("Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu\n"
                            "Found candidate GCC installation: /usr/bin/../lib/gcc/x86_64-linux-gnu/12\n"
                            "Selected GCC installation: /usr/bin/../lib/gcc/x86_64-linux-gnu/12\n"),
            "");
}

}  // namespace
}  // namespace warpsafe::cli
