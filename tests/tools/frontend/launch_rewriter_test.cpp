#include <gtest/gtest.h>

#include "frontend/source_edit.h"
#include "frontend/translate.h"

namespace warpsafe::frontend {
namespace {

std::string Spec(const std::string& g, const std::string& b, const std::string& s, const std::string& st,
                 const std::string& key, const std::string& name) {
  return "::warpsafe::engine::LaunchWith(::warpsafe::engine::LaunchSpec{dim3(" + g + "), dim3(" + b +
         "), (::std::size_t)(" + s + "), (void*)(" + st + "), " + key + ", " + name +
         ", ::warpsafe::engine::Site{__FILE__, __LINE__}}, ";
}

std::string Body(const std::string& callee) { return "[&](auto&... ws_a) { " + callee + "(ws_a...); }"; }

TEST(LaunchRewriter, PlainLaunchOfAKnownKernel) {
  const std::string src = "__global__ void k(int* p, int n);\nvoid f(int* p) { k<<<4, 32>>>(p, 3); }\n";
  EXPECT_EQ(RewriteCuda(src), "__global__ void k(int* p, int n);\nvoid f(int* p) { " +
                                  Spec("4", "32", "0", "nullptr", "(const void*)&k", "\"k\"") + Body("k") +
                                  ", p, 3); }\n");
}

TEST(LaunchRewriter, UnknownCalleeGetsANullKeyAndNoTrailingComma) {
  EXPECT_EQ(RewriteCuda("k<<<1, 1>>>();"), Spec("1", "1", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + ");");
}

// Arguments under preprocessor conditionals keep their lines: only the head of the launch is
// rewritten, and the first argument gains the comma.
TEST(LaunchRewriter, ArgumentsUnderConditionalsKeepTheirLines) {
  EXPECT_EQ(RewriteCuda("k<<<1, 2>>>(a,\n#if T\n  b\n#else\n  c\n#endif\n);"),
            Spec("1", "2", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + ", a,\n#if T\n  b\n#else\n  c\n#endif\n);");
  EXPECT_EQ(RewriteCuda("k<<<1, 2>>>(\n#ifdef T\nt\n#endif\n);"),
            Spec("1", "2", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + "\n#ifdef T\n, t\n#endif\n);");
}

TEST(LaunchRewriter, SharedMemoryAndStream) {
  EXPECT_EQ(RewriteCuda("k<<<g, b, n * sizeof(float), s>>>(x);"),
            Spec("g", "b", "n * sizeof(float)", "s", "nullptr", "\"k\"") + Body("k") + ", x);");
}

TEST(LaunchRewriter, TemplatedCallees) {
  EXPECT_EQ(RewriteCuda("k<T, 4><<<1, 2>>>(a);"),
            Spec("1", "2", "0", "nullptr", "(const void*)&k<T, 4>", "\"k<T, 4>\"") + Body("k<T, 4>") + ", a);");
  EXPECT_EQ(RewriteCuda("ns::k<Foo<Bar<int>>><<<1, 2>>>();"),
            Spec("1", "2", "0", "nullptr", "(const void*)&ns::k<Foo<Bar<int>>>", "\"ns::k<Foo<Bar<int>>>\"") +
                Body("ns::k<Foo<Bar<int>>>") + ");");
}

TEST(LaunchRewriter, TemplateNeedingDeductionGetsANullKey) {
  const std::string src = "template <class T, class U> __global__ void k(T, U);\nk<int><<<1, 1>>>(1, 2.0);";
  EXPECT_NE(RewriteCuda(src).find("nullptr, \"k<int>\""), std::string::npos);
  const std::string deduced = "template <class T> __global__ void k(T);\nk<<<1, 1>>>(1);";
  EXPECT_NE(RewriteCuda(deduced).find("nullptr, \"k\""), std::string::npos);
  const std::string pack = "template <class... T> __global__ void k(T...);\nk<int><<<1, 1>>>(1);";
  EXPECT_NE(RewriteCuda(pack).find("nullptr, \"k<int>\""), std::string::npos);
  const std::string defaults = "template <class T, int N = 4> __global__ void k(T);\nk<int><<<1, 1>>>(1);";
  EXPECT_NE(RewriteCuda(defaults).find("(const void*)&k<int>, \"k<int>\""), std::string::npos);
}

TEST(LaunchRewriter, OverloadedKernelGetsANullKey) {
  const std::string src = "__global__ void k(int);\n__global__ void k(float);\nk<<<1, 1>>>(1);";
  EXPECT_NE(RewriteCuda(src).find("nullptr, \"k\""), std::string::npos);
  const std::string decl_and_def = "__global__ void k(int* a);\n__global__ void k(int* b) {}\nk<<<1, 1>>>(0);";
  EXPECT_NE(RewriteCuda(decl_and_def).find("(const void*)&k, \"k\""), std::string::npos);
}

TEST(LaunchRewriter, QualifiedAndMemberCallees) {
  const std::string ns = "namespace ns { __global__ void k(); }\nvoid f() { ns::k<<<1, 1>>>(); }";
  EXPECT_NE(RewriteCuda(ns).find("(const void*)&ns::k, \"ns::k\""), std::string::npos);
  EXPECT_EQ(RewriteCuda("obj.fn<<<1, 1>>>(x);"),
            Spec("1", "1", "0", "nullptr", "nullptr", "\"obj.fn\"") + Body("obj.fn") + ", x);");
  EXPECT_NE(RewriteCuda("p->fn<<<1, 1>>>();").find("nullptr, \"p->fn\""), std::string::npos);
  EXPECT_NE(RewriteCuda("::k<<<1, 1>>>();").find("\"::k\""), std::string::npos);
}

TEST(LaunchRewriter, PostfixCallees) {
  EXPECT_NE(RewriteCuda("kernels[i]<<<1, 1>>>(x);").find("nullptr, \"kernels[i]\""), std::string::npos);
  EXPECT_NE(RewriteCuda("pick(2)<<<1, 1>>>(x);").find("nullptr, \"pick(2)\""), std::string::npos);
  EXPECT_NE(RewriteCuda("get().fn<<<1, 1>>>(x);").find("nullptr, \"get().fn\""), std::string::npos);
  EXPECT_EQ(RewriteCuda("if (c) (*fp)<<<1, 1>>>(x);"),
            "if (c) " + Spec("1", "1", "0", "nullptr", "nullptr", "\"(*fp)\"") + Body("(*fp)") + ", x);");
  EXPECT_EQ(RewriteCuda("return (*fp)<<<1, 1>>>(x);"),
            "return " + Spec("1", "1", "0", "nullptr", "nullptr", "\"(*fp)\"") + Body("(*fp)") + ", x);");
}

TEST(LaunchRewriter, NestedParensTemplatesLambdasStringsInArguments) {
  const std::string src =
      "k<<<dim3((n + 255) / 256, std::max<int>(1, m)), Foo<1, 2>::value>>>(a, [](int x) { return x > 1; }, \"<<<>>>\", "
      "g(1, 2));";
  EXPECT_EQ(RewriteCuda(src), Spec("dim3((n + 255) / 256, std::max<int>(1, m))", "Foo<1, 2>::value", "0", "nullptr",
                                   "nullptr", "\"k\"") +
                                  Body("k") + ", a, [](int x) { return x > 1; }, \"<<<>>>\", g(1, 2));");
}

TEST(LaunchRewriter, ClosingTemplateBracketsBeforeTheLaunchClose) {
  EXPECT_EQ(RewriteCuda("k<<<1, Size<Foo<int>>>>>(x);"),
            Spec("1", "Size<Foo<int>>", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + ", x);");
}

TEST(LaunchRewriter, MultiLineLaunchKeepsTheLineCount) {
  const std::string src = "void f() {\n  k<<<dim3(2,\n           1), 32, 0,\n      nullptr>>>(p, // first\n     q); int after;\n}\n";
  const std::string out = RewriteCuda(src);
  EXPECT_EQ(CountNewlines(out), CountNewlines(src));
  EXPECT_EQ(out, "void f() {\n  " + Spec("dim3(2, 1)", "32", "0", "nullptr", "nullptr", "\"k\"") + Body("k") +
                     ", p, q)\n\n\n; int after;\n}\n");
}

TEST(LaunchRewriter, RawStringArgumentIsMovedOntoOneLine) {
  const std::string src = "k<<<1, 1>>>(R\"(a\nb)\");\nint x;";
  const std::string out = RewriteCuda(src);
  EXPECT_EQ(out, Spec("1", "1", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + ", \"a\\nb\")\n;\nint x;");
}

TEST(LaunchRewriter, CommentsAndStringsAreUntouched) {
  const std::string src = "// k<<<1, 1>>>(a);\n/* k<<<1, 1>>>(a); */ const char* s = \"k<<<1,1>>>()\";\n"
                          "char c = '<'; auto r = R\"x(k<<<1,1>>>())x\";\n";
  EXPECT_EQ(RewriteCuda(src), src);
}

TEST(LaunchRewriter, OperatorShiftAndTemplateOperatorAreNotLaunches) {
  const std::string src = "friend std::ostream& operator<<<T>(std::ostream&, const X<T>&);\nx = a << b >> c;\n";
  EXPECT_EQ(RewriteCuda(src), src);
}

TEST(LaunchRewriter, LaunchInAMacroBody) {
  const std::string src = "#define LAUNCH(kern, ...) kern<<<1, \\\n  32>>>(__VA_ARGS__)\n"
                          "#define RUN(p) step<<<1, 1>>>(p, 2)\nLAUNCH(k, p);\n";
  const std::string out = RewriteCuda(src);
  EXPECT_EQ(CountNewlines(out), CountNewlines(src));
  EXPECT_EQ(out, "#define LAUNCH(kern, ...) " + Spec("1", "32", "0", "nullptr", "nullptr", "#kern") + Body("kern") +
                     ", ##__VA_ARGS__) \\\n\n"
                     "#define RUN(p) " + Spec("1", "1", "0", "nullptr", "nullptr", "\"step\"") + Body("step") +
                     ", p, 2)\nLAUNCH(k, p);\n");
}

TEST(LaunchRewriter, CalleeIsEscapedInTheName) {
  // A callee cannot hold quotes in valid code, but the escaping must be there for backslashes in
  // odd macros; check the plain path keeps the text verbatim.
  EXPECT_NE(RewriteCuda("a::b<'x'><<<1, 1>>>();").find("\"a::b<'x'>\""), std::string::npos);
  EXPECT_NE(RewriteCuda("a::b<'\\\\'><<<1, 1>>>();").find("\"a::b<'\\\\\\\\'>\""), std::string::npos);
}

TEST(LaunchRewriter, MalformedLaunchIsLeftForTheCompiler) {
  for (const std::string& src : std::vector<std::string>{"k<<<1>>>(a);", "k<<<1, 2>>> x;", "k<<<1, 2;", "k<<<1, 2, 3, 4, 5>>>();"}) {
    EXPECT_EQ(RewriteCuda(src), src) << src;
  }
}

TEST(LaunchRewriter, ReturnOfALaunchAndLambdaInTheConfiguration) {
  EXPECT_EQ(RewriteCuda("return k<<<[] { return 2; }(), 1>>>();"),
            "return " + Spec("[] { return 2; }()", "1", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + ");");
}


TEST(LaunchRewriter, AConfigurationThatMayCompareIsAnErrorAtItsLine) {
  // `a < b` could open template arguments closed by `c > d`: guessing could launch 1 x 1.
  const std::string out = RewriteCuda("void f() {\n  k<<<a < b ? 1 : 2, c > d ? 32 : 64>>>();\n}\n");
  EXPECT_EQ(out.rfind("void f() {\n  _Pragma(\"GCC error \\\"warpsafe: cannot tell this launch's configuration", 0), 0u)
      << out;
  EXPECT_NE(out.find("\") k<<<a < b ? 1 : 2, c > d ? 32 : 64>>>();\n}\n"), std::string::npos) << out;
  // In parentheses, or a template without `?`, it is rewritten.
  EXPECT_EQ(RewriteCuda("k<<<(a < b ? 1 : 2), (c > d ? 32 : 64)>>>();"),
            Spec("(a < b ? 1 : 2)", "(c > d ? 32 : 64)", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + ");");
  EXPECT_EQ(RewriteCuda("k<<<g, Size<T, 2>::value>>>();"),
            Spec("g", "Size<T, 2>::value", "0", "nullptr", "nullptr", "\"k\"") + Body("k") + ");");
}

}  // namespace
}  // namespace warpsafe::frontend
