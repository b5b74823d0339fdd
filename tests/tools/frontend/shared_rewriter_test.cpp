#include <gtest/gtest.h>

#include "frontend/source_edit.h"
#include "frontend/translate.h"

namespace warpsafe::frontend {
namespace {

const std::string kTooMuch =
    "\"too much static __shared__ memory (48 KB per block; use dynamic shared memory and cudaFuncSetAttribute "
    "above that)\"";

// The function-scope rewrite of one static declarator.
std::string Static(const std::string& type, const std::string& name, const std::string& dims,
                   const std::string& align = "") {
  const std::string id = type + (dims.empty() ? "" : " " + dims);
  const std::string natural = "alignof(" + id + ")";
  const std::string a = align.empty() ? natural : "((" + natural + ") > " + align + " ? (" + natural + ") : " + align + ")";
  return type + " (&" + name + ")" + dims + " = *static_cast<" + type + " (*)" + dims +
         ">(::warpsafe::engine::StaticShared(::warpsafe::engine::StaticSharedKey<sizeof(" + id + "), " + a +
         ">([]{}), sizeof(" + id + "), " + a + ")); static_assert(sizeof(" + id +
         ") <= 48 * 1024, " + kTooMuch + ");";
}

std::string InKernel(const std::string& body) { return "__global__ void k() {\n  " + body + "\n}\n"; }
// The same kernel as the front end writes it: its body opens by naming its parameters' layout record
// (kernel_parameter_layouts.h), and its statements are wrapped for the host pass (host_kernel_bodies.h).
std::string KernelRewritten(const std::string& body) {
  return "__global__ void k() { [[gnu::used]] static const void* const warpsafe_parameter_layout = "
         "::warpsafe::engine::kKernelParameterLayoutOf<>; WARPSAFE_KERNEL_BODY_BEGIN \n  " + body +
         "\n WARPSAFE_KERNEL_BODY_END }\n";
}

TEST(SharedRewriter, ScalarArrayAnd2D) {
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ int s;")), KernelRewritten(Static("int", "s", "")));
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ float tile[32];")), KernelRewritten(Static("float", "tile", "[32]")));
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ float t[TILE][TILE + 1];")),
            KernelRewritten(Static("float", "t", "[TILE][TILE + 1]")));
}

TEST(SharedRewriter, StaticVolatileAndPointers) {
  EXPECT_EQ(RewriteCuda(InKernel("static __shared__ volatile int flag;")), KernelRewritten(Static("volatile int", "flag", "")));
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ int* p;")), KernelRewritten(Static("int *", "p", "")));
  EXPECT_EQ(RewriteCuda(InKernel("volatile __shared__ unsigned int counts[4];")),
            KernelRewritten(Static("volatile unsigned int", "counts", "[4]")));
}

TEST(SharedRewriter, MultipleDeclarators) {
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ float a[16], b[4], c;")),
            KernelRewritten(Static("float", "a", "[16]") + " " + Static("float", "b", "[4]") + " " + Static("float", "c", "")));
}

TEST(SharedRewriter, DynamicShared) {
  EXPECT_EQ(RewriteCuda(InKernel("extern __shared__ float dyn[];")),
            KernelRewritten("float (&dyn)[] = *static_cast<float (*)[]>(::warpsafe::engine::DynamicShared());"));
  EXPECT_EQ(RewriteCuda(InKernel("extern __shared__ __align__(16) unsigned char raw[];")),
            KernelRewritten("unsigned char (&raw)[] = *static_cast<unsigned char (*)[]>(::warpsafe::engine::DynamicShared());"));
}

TEST(SharedRewriter, TypenameAndTemplateTypes) {
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ typename BlockScan::TempStorage temp;")),
            KernelRewritten(Static("typename BlockScan::TempStorage", "temp", "")));
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ typename cub::BlockReduce<T, 128, X>::TempStorage temp[2];")),
            KernelRewritten(Static("typename cub::BlockReduce<T, 128, X>::TempStorage", "temp", "[2]")));
  EXPECT_EQ(RewriteCuda("template <class T, int N> __global__ void k() {\n  __shared__ T buf[N * 2];\n}\n"),
            "template <class T, int N> __global__ void k() { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<>; WARPSAFE_KERNEL_BODY_BEGIN \n  " + Static("T", "buf", "[N * 2]") + "\n WARPSAFE_KERNEL_BODY_END }\n");
}

TEST(SharedRewriter, ExplicitAlignment) {
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ __align__(16) float a[4];")), KernelRewritten(Static("float", "a", "[4]", "(16)")));
  // alignas takes a type or a constant expression; the compiler tells which (a named constant
  // once became alignof(constant), 4 instead of 64).
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ alignas(32) float a[4];")),
            KernelRewritten("struct ws_alignas_a { alignas(32) char c; }; " +
                     Static("float", "a", "[4]", "alignof(ws_alignas_a)")));
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ alignas(float4) float a[4];")),
            KernelRewritten("struct ws_alignas_a { alignas(float4) char c; }; " +
                     Static("float", "a", "[4]", "alignof(ws_alignas_a)")));
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ alignas(kPointAlign) float pts[32];")),
            KernelRewritten("struct ws_alignas_pts { alignas(kPointAlign) char c; }; " +
                     Static("float", "pts", "[32]", "alignof(ws_alignas_pts)")));
  EXPECT_EQ(RewriteCuda(InKernel("__shared__ float a[4] __attribute__((aligned(64)));")),
            KernelRewritten(Static("float", "a", "[4]", "(64)")));
}

TEST(SharedRewriter, MultiLineDeclarationKeepsTheLineCount) {
  const std::string src = InKernel("__shared__ float a[16],\n      b[4]; int after;");
  const std::string out = RewriteCuda(src);
  EXPECT_EQ(CountNewlines(out), CountNewlines(src));
  EXPECT_EQ(out, KernelRewritten(Static("float", "a", "[16]") + " " + Static("float", "b", "[4]") + "\n int after;"));
}

TEST(SharedRewriter, NamespaceScope) {
  // A tag type on the declaration's line carries the user's file:line to the proxy (reports).
  const std::string tag = " { static constexpr ::warpsafe::engine::Site site() { return "
                          "::warpsafe::engine::Site{__FILE__, __LINE__, 0}; } }; ";
  EXPECT_EQ(RewriteCuda("__shared__ float tile[32];\n"),
            "struct ws_shared_site_tile_1" + tag +
                "::warpsafe::engine::SharedVariable<float [32], alignof(float [32]), ws_shared_site_tile_1> tile; "
                "static_assert(sizeof(float [32]) <= 48 * 1024, " +
                kTooMuch + ");\n");
  EXPECT_EQ(RewriteCuda("namespace ns {\nstatic __shared__ __align__(8) int x;\n}\n"),
            "namespace ns {\nstruct ws_shared_site_x_2" + tag +
                "static ::warpsafe::engine::SharedVariable<int, ((alignof(int)) > (8) ? (alignof(int)) : "
                "(8)), ws_shared_site_x_2> x; static_assert(sizeof(int) <= 48 * 1024, " +
                kTooMuch + ");\n}\n");
  EXPECT_EQ(RewriteCuda("extern __shared__ float dyn[];\n"),
            "struct ws_shared_site_dyn_1" + tag +
                "::warpsafe::engine::DynamicSharedArray<float, ws_shared_site_dyn_1> dyn;\n");
}

TEST(SharedRewriter, ExternCKernelBodyIsFunctionScopeAndALinkageBlockIsNot) {
  // `extern "C"` before a kernel's head does not make its body a linkage block: its declarations are
  // per block (a namespace-scope proxy there would be one object per thread).
  const std::string kernel = "extern \"C\" __global__ void k() {\n  __shared__ int s;\n  extern __shared__ float dyn[];\n}\n";
  const std::string out = RewriteCuda(kernel);
  EXPECT_NE(out.find(Static("int", "s", "")), std::string::npos) << out;
  EXPECT_NE(out.find("float (&dyn)[] = *static_cast<float (*)[]>(::warpsafe::engine::DynamicShared());"),
            std::string::npos) << out;
  const std::string block = RewriteCuda("extern \"C\" {\n__shared__ int t;\n}\n");
  EXPECT_NE(block.find("::warpsafe::engine::SharedVariable<int, alignof(int), ws_shared_site_t_2> t;"),
            std::string::npos) << block;
}

TEST(SharedRewriter, ScopeIsFunctionInsideClassMembersAndLambdas) {
  const std::string src = "struct S {\n  __device__ void f() { __shared__ int a; }\n};\n"
                          "auto l = [] { __shared__ int b; };\n";
  const std::string out = RewriteCuda(src);
  EXPECT_NE(out.find(Static("int", "a", "")), std::string::npos);
  EXPECT_NE(out.find(Static("int", "b", "")), std::string::npos);
}

TEST(SharedRewriter, SharedInAMacroBody) {
  const std::string src = "#define SMEM(T, n) __shared__ T n[32];\n";
  EXPECT_EQ(RewriteCuda(src), "#define SMEM(T, n) " + Static("T", "n", "[32]") + "\n");
}

TEST(SharedRewriter, CommentsAndStringsAreUntouchedAndUnreadableDeclarationsAnError) {
  const std::string text("// __shared__ int a;\nconst char* s = \"__shared__ int b;\";\n");
  EXPECT_EQ(RewriteCuda(text), text);
  for (const std::string& decl : {std::string("__shared__ int x = 0;"),  // an initializer: CUDA rejects it
                                  std::string("__shared__ float (*p)[4];")}) {  // a parenthesised declarator
    const std::string out = RewriteCuda(InKernel(decl));
    EXPECT_NE(out.find("_Pragma(\"GCC error \\\"warpsafe: this form of __shared__ declaration is not supported"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find(decl), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace warpsafe::frontend

namespace warpsafe::frontend {
namespace {

TEST(SharedRewriter, ClassDefinedInTheDeclaration) {
  // CUB's kernels: the union is declared on its own, its braces stay, the variable follows them.
  const std::string out = RewriteCuda(
      "__global__ void k() {\n  __shared__ union TempStorage\n  {\n    int a[4];\n  } temp_storage;\n  use(temp_storage);\n}\n");
  EXPECT_EQ(out.rfind("__global__ void k() { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<>; WARPSAFE_KERNEL_BODY_BEGIN \n  union TempStorage \n{\n    int a[4];\n  }; TempStorage (&temp_storage) = ", 0),
            0u)
      << out;
  EXPECT_NE(out.find("StaticShared("), std::string::npos) << out;
  EXPECT_NE(out.find("\n  use(temp_storage);\n WARPSAFE_KERNEL_BODY_END }\n"), std::string::npos) << out;
  // Without a name, one is made up.
  const std::string anon = RewriteCuda("__global__ void k() { __shared__ struct { int x; } s[2]; }\n");
  EXPECT_NE(anon.find("struct ws_shared_type_1_"), std::string::npos) << anon;
  EXPECT_NE(anon.find("(&s)[2] = "), std::string::npos) << anon;
}

TEST(SharedRewriter, UnknownFormIsAnErrorAtItsLine) {
  const std::string out = RewriteCuda("__global__ void k() {\n  __shared__ int (*p)[4];\n}\n");
  EXPECT_NE(out.find("_Pragma(\"GCC error \\\"warpsafe: this form of __shared__ declaration is not supported"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.rfind("__global__ void k() { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<>; WARPSAFE_KERNEL_BODY_BEGIN \n  _Pragma(", 0), 0u) << out;
  // Other directives are left alone.
  EXPECT_EQ(RewriteCuda("#if defined(__shared__)\n#endif\n"), "#if defined(__shared__)\n#endif\n");
}

}  // namespace
}  // namespace warpsafe::frontend
