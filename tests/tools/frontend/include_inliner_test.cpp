#include "frontend/include_inliner.h"

#include <gtest/gtest.h>

#include <map>

namespace warpsafe::frontend {
namespace {

// An in-memory file system for the inliner.
FileReader Files(std::map<std::string, std::string> files) {
  return [files = std::move(files)](const std::string& path) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
}

TEST(IncludeInliner, InlinesQuotedLocalIncludesBetweenLineMarkers) {
  const auto read = Files({{"/p/a.cuh", "int a;\n"}});
  const InlineResult r = InlineIncludes("/p/main.cu", "#include <vector>\n#include \"a.cuh\"\nint m;\n", {}, read);
  EXPECT_EQ(r.text, "#include <vector>\n#line 1 \"/p/a.cuh\"\nint a;\n#line 3 \"/p/main.cu\"\nint m;\n");
  EXPECT_EQ(r.inlined_files, (std::vector<std::string>{"/p/a.cuh"}));
  EXPECT_TRUE(r.errors.empty());
}

TEST(IncludeInliner, ResolvesRelativeToTheIncluderThenIncludeDirs) {
  const auto read = Files({{"/p/sub/b.cuh", "#include \"c.cuh\"\n"}, {"/p/sub/c.cuh", "int c;"}, {"/inc/d.cuh", "int d;\n"}});
  const InlineResult r =
      InlineIncludes("/p/main.cu", "#include \"sub/b.cuh\"\n#include \"d.cuh\"\n#include \"nowhere.h\"\n", {"/inc"}, read);
  EXPECT_EQ(r.text,
            "#line 1 \"/p/sub/b.cuh\"\n#line 1 \"/p/sub/c.cuh\"\nint c;\n#line 2 \"/p/sub/b.cuh\"\n"
            "#line 2 \"/p/main.cu\"\n#line 1 \"/inc/d.cuh\"\nint d;\n#line 3 \"/p/main.cu\"\n"
            "#include \"nowhere.h\"\n");
  EXPECT_EQ(r.inlined_files, (std::vector<std::string>{"/p/sub/b.cuh", "/p/sub/c.cuh", "/inc/d.cuh"}));
}

// A header-only CUDA library included as <lib/x.cuh> from a -I directory holds kernels and
// __shared__ declarations that must be rewritten too; <...> is never looked up beside the includer
// (the compiler would not), and what no -I directory holds (<vector>) is left to the compiler.
TEST(IncludeInliner, InlinesAngleBracketIncludesFoundInIncludeDirsOnly) {
  const auto read = Files({{"/inc/lib/x.cuh", "int x;\n"}, {"/p/vector", "int not_std;\n"}});
  const InlineResult r = InlineIncludes("/p/main.cu", "#include <lib/x.cuh>\n#include <vector>\nint m;\n", {"/inc"}, read);
  EXPECT_EQ(r.text, "#line 1 \"/inc/lib/x.cuh\"\nint x;\n#line 2 \"/p/main.cu\"\n#include <vector>\nint m;\n");
  EXPECT_EQ(r.inlined_files, (std::vector<std::string>{"/inc/lib/x.cuh"}));
}

TEST(IncludeInliner, NestedHeadersAlsoResolveInTheMainFilesDirectory) {
  const auto read = Files({{"/p/sub/b.cuh", "#include \"c.cuh\"\n"}, {"/p/c.cuh", "int c;\n"}});
  const InlineResult r = InlineIncludes("/p/main.cu", "#include \"sub/b.cuh\"\n", {}, read);
  EXPECT_EQ(r.inlined_files, (std::vector<std::string>{"/p/sub/b.cuh", "/p/c.cuh"}));
}

TEST(IncludeInliner, PragmaOnceIsHonouredAndRemoved) {
  const auto read = Files({{"/p/a.cuh", "#pragma once\nint a;\n"}});
  const InlineResult r = InlineIncludes("/p/main.cu", "#include \"a.cuh\"\n#include \"a.cuh\"\nint m;\n", {}, read);
  EXPECT_EQ(r.text, "#line 1 \"/p/a.cuh\"\n\nint a;\n#line 2 \"/p/main.cu\"\n\nint m;\n");
}

TEST(IncludeInliner, GuardedFilesAreInlinedEachTimeForThePreprocessor) {
  const auto read = Files({{"/p/a.cuh", "#ifndef A\n#define A\n#endif\n"}});
  const InlineResult r = InlineIncludes("/p/main.cu", "#include \"a.cuh\"\n#include \"a.cuh\"\n", {}, read);
  EXPECT_EQ(r.text,
            "#line 1 \"/p/a.cuh\"\n#ifndef A\n#define A\n#endif\n#line 2 \"/p/main.cu\"\n"
            "#line 1 \"/p/a.cuh\"\n#ifndef A\n#define A\n#endif\n#line 3 \"/p/main.cu\"\n");
}

TEST(IncludeInliner, CycleThroughPragmaOnceOrGuardIsCut) {
  const auto once = Files({{"/p/a.cuh", "#pragma once\n#include \"b.cuh\"\n"}, {"/p/b.cuh", "#include \"a.cuh\"\nint b;\n"}});
  InlineResult r = InlineIncludes("/p/main.cu", "#include \"a.cuh\"\n", {}, once);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_NE(r.text.find("int b;"), std::string::npos);
  const auto guarded = Files({{"/p/a.cuh", "#ifndef A\n#define A\n#include \"b.cuh\"\n#endif\n"},
                              {"/p/b.cuh", "#include \"a.cuh\"\nint b;\n"}});
  r = InlineIncludes("/p/main.cu", "#include \"a.cuh\"\n", {}, guarded);
  EXPECT_TRUE(r.errors.empty());
}

TEST(IncludeInliner, CycleWithoutGuardIsAnError) {
  const auto read = Files({{"/p/a.cuh", "#include \"b.cuh\"\n"}, {"/p/b.cuh", "\n#include \"a.cuh\"\n"}});
  const InlineResult r = InlineIncludes("/p/main.cu", "#include \"a.cuh\"\n", {}, read);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0],
            "/p/b.cuh:2: error: include cycle: /p/main.cu -> /p/a.cuh -> /p/b.cuh -> /p/a.cuh (add #pragma once or an "
            "include guard)");
}

TEST(IncludeInliner, IncludesInCommentsAndStringsAreIgnored) {
  const auto read = Files({{"/p/a.cuh", "int a;\n"}});
  const std::string src = "// #include \"a.cuh\"\n/*\n#include \"a.cuh\"\n*/ const char* s = \"#include \\\"a.cuh\\\"\";\n";
  EXPECT_EQ(InlineIncludes("/p/main.cu", src, {}, read).text, src);
}

TEST(IncludeInliner, PathsAreEscapedInLineMarkers) {
  EXPECT_EQ(EscapePath("/a b/c\"d\\e"), "/a b/c\\\"d\\\\e");
}

// A translated host file is compiled from another folder: its quoted includes that resolve beside it
// are named by their absolute paths (line structure kept); angle-bracket names, names that do not
// resolve beside it (left to the compiler and its -I directories) and absolute names stay as written.
TEST(AnchorQuotedIncludes, NamesIncludesBesideTheFileByTheirPaths) {
  const auto read = Files({{"/p/a.h", "int a;\n"}, {"/p/sub/b.h", "int b;\n"}, {"/p/vector", "oops"}});
  EXPECT_EQ(AnchorQuotedIncludes("/p/main.cpp",
                                 "#include <vector>\n#include \"a.h\"\n#  include \"sub/b.h\" // b\n"
                                 "#include \"elsewhere.h\"\n#include \"/abs/c.h\"\nint m;\n",
                                 read),
            "#include <vector>\n#include \"/p/a.h\"\n#  include \"/p/sub/b.h\" // b\n"
            "#include \"elsewhere.h\"\n#include \"/abs/c.h\"\nint m;\n");
}

}  // namespace
}  // namespace warpsafe::frontend
