#include "frontend/translate.h"

#include <gtest/gtest.h>

#include <map>

#include "frontend/source_edit.h"

namespace warpsafe::frontend {
namespace {

FileReader Files(std::map<std::string, std::string> files) {
  return [files = std::move(files)](const std::string& path) -> std::optional<std::string> {
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
}

TEST(Translate, PrologueWithoutWrapMain) {
  TranslateOptions o;
  o.arch = 86;
  const TranslateResult r = Translate("/p/prog.cu", "int x;\n", o, Files({}));
  EXPECT_EQ(r.text,
            "#define __NVCC__ 1\n#define __CUDACC__ 1\n#define __CUDACC_VER_MAJOR__ 13\n#define __CUDACC_VER_MINOR__ 0\n"
            "#define __CUDACC_VER_BUILD__ 0\n#define __CUDA_ARCH_LIST__ 860\n"
            "#define __WARPSAFE_ARCH__ 860\n#define CCCL_DETAIL_KERNEL_ATTRIBUTES __global__\n#include <cuda_runtime.h>\n#include <warpsafe/engine/shared_proxy.h>\n#undef __noinline__\n"
            "#line 1 \"/p/prog.cu\"\nint x;\n");
  EXPECT_EQ(r.dependencies, (std::vector<std::string>{"/p/prog.cu"}));
}

TEST(Translate, WrapMainRenamesMainAndAppendsTheEngineMain) {
  TranslateOptions o;
  o.wrap_main = true;
  const TranslateResult r = Translate("/p/prog.cu", "int main() { return 0; }", o, Files({}));
  EXPECT_EQ(r.text,
            "#define __NVCC__ 1\n#define __CUDACC__ 1\n#define __CUDACC_VER_MAJOR__ 13\n#define __CUDACC_VER_MINOR__ 0\n"
            "#define __CUDACC_VER_BUILD__ 0\n#define __CUDA_ARCH_LIST__ 900\n"
            "#define __WARPSAFE_ARCH__ 900\n#define CCCL_DETAIL_KERNEL_ATTRIBUTES __global__\n#include <cuda_runtime.h>\n#include <warpsafe/engine/shared_proxy.h>\n#undef __noinline__\n"
            "#define main warpsafe_user_main\n#line 1 \"/p/prog.cu\"\nstatic inline int main() { return 0; return 0; }\n"
            "#line 1 \"<warpsafe main>\"\n#undef main\n#ifndef __WARPSAFE_DEVICE_PASS__\n#include <warpsafe/engine/main.h>\n"
            "int main(int argc, char** argv) { return ::warpsafe::engine::EngineMain(argc, argv, "
            "::warpsafe::engine::AdaptMain(&warpsafe_user_main)); }\n#endif\n");
}

// Without the engine's main, a main the file surely defines is renamed all the same (internal and
// inline, so that the device pass emits none of it) and the program's main calls it directly.
TEST(Translate, WithoutWrapMainAnUnconditionalMainIsCalledByAPlainMain) {
  const TranslateResult r = Translate("/p/prog.cu", "int main(int argc, char** argv) { return argc; }\n",
                                      TranslateOptions{}, Files({}));
  EXPECT_NE(r.text.find("#define main warpsafe_user_main\n#line 1 \"/p/prog.cu\"\n"
                        "static inline int main(int argc, char** argv) { return argc; return 0; }\n"
                        "#line 1 \"<warpsafe main>\"\n#undef main\n#ifndef __WARPSAFE_DEVICE_PASS__\n"
                        "#include <warpsafe/engine/main.h>\n"
                        "int main(int argc, char** argv) { return "
                        "::warpsafe::engine::AdaptMain(&warpsafe_user_main)(argc, argv); }\n#endif\n"),
            std::string::npos)
      << r.text;
  // A main under a conditional may be compiled out, and one in a class or an extern "C" block is
  // not the program's: the file is left as it was, with no main of warpsafe's.
  for (const char* src : {"#ifdef STANDALONE\nint main() { return 0; }\n#endif\n",
                          "#if 1\nint main() { return 0; }\n#else\n#endif\n",
                          "struct App { int main() { return 0; } };\n", "extern \"C\" {\nint main() { return 0; }\n}\n",
                          "int main();\n"}) {
    const std::string text = Translate("/p/prog.cu", src, TranslateOptions{}, Files({})).text;
    EXPECT_EQ(text.find("warpsafe_user_main"), std::string::npos) << src;
    EXPECT_EQ(text.find("<warpsafe main>"), std::string::npos) << src;
  }
  // After a conditional that closed, main is unconditional again.
  const std::string text =
      Translate("/p/prog.cu", "#ifdef X\nint x;\n#endif\nint main() {}\n", TranslateOptions{}, Files({})).text;
  EXPECT_NE(text.find("AdaptMain(&warpsafe_user_main)(argc, argv)"), std::string::npos) << text;
}

TEST(Translate, InlinedHeadersAreRewrittenAndListed) {
  const auto read = Files({{"/p/k.cuh", "#pragma once\n__global__ void k(int* p) {\n  __shared__ int s[4];\n}\n"}});
  const TranslateResult r = Translate("/p/prog.cu", "#include \"k.cuh\"\nvoid f(int* p) { k<<<1, 4>>>(p); }\n",
                                      TranslateOptions{}, read);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.dependencies, (std::vector<std::string>{"/p/prog.cu", "/p/k.cuh"}));
  EXPECT_NE(r.text.find("int (&s)[4] = "), std::string::npos);
  // The kernel is declared in the inlined header, so the launch takes its address (through its type).
  EXPECT_NE(r.text.find("(const void*)static_cast<warpsafe_kernel_type_k*>(&k), \"k\""), std::string::npos);
  EXPECT_NE(r.text.find("#line 2 \"/p/prog.cu\"\nvoid f"), std::string::npos);
}

TEST(Translate, LineCountOfTheBodyIsPreserved) {
  const std::string src = "__global__ void k() {\n  __shared__ float a[4],\n    b[2];\n}\nvoid f() {\n  k<<<1,\n    2>>>();\n}\n";
  EXPECT_EQ(CountNewlines(RewriteCuda(src)), CountNewlines(src));
}

TEST(Translate, WrappedMainReturnsZeroWhenItFlowsOffTheEnd) {
  EXPECT_EQ(RewriteCuda("int main(int argc, char** argv) {\n  f();\n}\nint other() {}\n", true),
            "static inline int main(int argc, char** argv) {\n  f();\nreturn 0; }\nint other() {}\n");
  EXPECT_EQ(RewriteCuda("int main() {}\n"), "int main() {}\n");  // only when main is renamed
  // Conditionals inside main: the braces of their first branches are counted.
  EXPECT_EQ(RewriteCuda("int main() {\n#ifdef A\n  if (a) {\n#else\n  if (b) {\n#endif\n    f();\n  }\n}\n", true),
            "static inline int main() {\n#ifdef A\n  if (a) {\n#else\n  if (b) {\n#endif\n    f();\n  }\nreturn 0; }\n");
  EXPECT_EQ(RewriteCuda("int main() {\n#if defined(X)\n  g();\n#endif\n}\n", true),
            "static inline int main() {\n#if defined(X)\n  g();\n#endif\nreturn 0; }\n");
}

// The renamed main is internal and inline, so that the device pass, which has no engine main to
// call it, emits none of it (translate.cpp, InternalMain); its declarations agree.
TEST(Translate, WrappedMainIsInternalAtNamespaceScopeOnly) {
  EXPECT_EQ(RewriteCuda("int main(int, char**);\nint\nmain(int argc, char** argv) { return 0; }\n", true),
            "static inline int main(int, char**);\n"
            "static inline int\nmain(int argc, char** argv) { return 0; return 0; }\n");
  // Left alone: a member named main, a main in a namespace or an extern "C" block or declaration.
  for (const char* src : {"struct App {\n  int main(int x) { return x; }\n};\n",
                          "namespace app {\nint main() { return 1; }\n}\n",
                          "extern \"C\" {\nint main() { return 1; }\n}\n",
                          "extern \"C\" int main() { return 1; }\n",
                          "#define ENTRY int main()\nint mainly();\n"}) {
    EXPECT_EQ(RewriteCuda(src, true).find("static inline"), std::string::npos) << src;
  }
  // After a class that has a member main, the program's main is at namespace scope again.
  EXPECT_EQ(RewriteCuda("struct App { int main() { return 0; } };\nint main() { return 0; }\n", true),
            "struct App { int main() { return 0; return 0; } };\nstatic inline int main() { return 0; return 0; }\n");
  EXPECT_EQ(RewriteCuda("int main() { return 0; }\n", false), "int main() { return 0; }\n");
}

TEST(Translate, NoinlineIsSpelledOut) {
  EXPECT_EQ(RewriteCuda("__noinline__ __device__ int f();\n// __noinline__\n"),
            "__attribute__((noinline)) __device__ int f();\n// __noinline__\n");
}

TEST(Translate, KernelPointerCastIsDroppedForUniqueKernels) {
  const std::string decl = "__global__ void k(int* p);\n";
  EXPECT_EQ(RewriteCuda(decl + "void f() { cudaLaunchCooperativeKernel((void *)k, 1, 32, args, 0, 0); }\n"),
            decl + "void f() { cudaLaunchCooperativeKernel(k, 1, 32, args, 0, 0); }\n");
  EXPECT_EQ(RewriteCuda(decl + "void f() { cudaLaunchKernel((const void*)k, 1, 32, args); }\n"),
            decl + "void f() { cudaLaunchKernel(k, 1, 32, args); }\n");
  // Not a kernel of this file, or a template: left alone (it then does not compile, naming the line).
  const std::string other = "void f() { cudaLaunchKernel((void*)g, 1, 32, args); }\n";
  EXPECT_EQ(RewriteCuda(other), other);
  const std::string templ = "template <class T> __global__ void t(T);\nvoid f() { cudaLaunchKernel((void*)t, 1, 1, a); }\n";
  EXPECT_EQ(RewriteCuda(templ), templ);
}

// A kernel definition is followed, on its own last line, by its registration with its name (the
// name reports give a kernel launched by address); a declaration, an
// overloaded name and a template are not registered, and a definition outside its namespace names
// the kernel qualified.
TEST(Translate, DefinedKernelsAreRegistered) {
  auto Registered = [](const std::string& s) { return RewriteCuda(s, false, /*register_kernels=*/true); };
  const std::string reg = " [[maybe_unused]] static const void* const warpsafe_kernel_registration_";
  const std::string alias = "using warpsafe_kernel_type_k = void(int* p); ";
  const std::string def = "__global__ void k(int* p) {\n  *p = 1;\n}\n";
  const std::string body = "__global__ void k(int* p) { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<decltype(p)>; WARPSAFE_KERNEL_BODY_BEGIN \n  *p = 1;\n WARPSAFE_KERNEL_BODY_END }";
  const std::string out = Registered(def);
  EXPECT_EQ(out, alias + body + reg +
                     "0 = ::warpsafe::engine::runtime::RegisterKernel(static_cast<warpsafe_kernel_type_k*>(&k), \"k\");\n");
  EXPECT_EQ(Registered("__global__ void k(int* p);\n"), alias + "__global__ void k(int* p);\n");
  EXPECT_EQ(Registered("__global__ void k(int) {}\n__global__ void k(float) {}\n"),
            "__global__ void k(int) { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<int>;}\n"
            "__global__ void k(float) { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<float>;}\n");
  EXPECT_EQ(Registered("template <int N> __global__ void t(int*) {}\n"),
            "template <int N> __global__ void t(int*) { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<int *>;}\n");
  EXPECT_EQ(RewriteCuda(def), body + "\n");  // not asked for (the shadow tree's headers)
  EXPECT_NE(Registered("namespace ns { __global__ void k(int); }\n__global__ void ns::k(int) {}\n")
                .find("RegisterKernel(static_cast<ns::warpsafe_kernel_type_k*>(&ns::k), \"ns::k\");"),
            std::string::npos);
  EXPECT_NE(Registered("__global__ void __launch_bounds__(256) k(int a) noexcept { }\n")
                .find("RegisterKernel(static_cast<warpsafe_kernel_type_k*>(&k), \"k\");"),
            std::string::npos);
  // A body with conditional directives, braces in both branches, is registered after its end.
  const std::string conditional = Registered(
      "__global__ void k(int* p) {\n#ifdef ROWS\n  for (;;) { *p = 1; }\n#else\n  if (p) { *p = 2; }\n#endif\n}\nint after;\n");
  const std::size_t registration = conditional.find("RegisterKernel(static_cast<warpsafe_kernel_type_k*>(&k), \"k\");");
  ASSERT_NE(registration, std::string::npos) << conditional;
  EXPECT_LT(conditional.find("#endif\n WARPSAFE_KERNEL_BODY_END }"), registration) << conditional;
  EXPECT_LT(registration, conditional.find("int after;")) << conditional;
}

// `&fill` is ambiguous beside std::fill (`using namespace std`): the kernel's address is taken
// through its type, declared before each of its declarations, default arguments dropped.
TEST(Translate, KernelAddressesPickTheKernelAmongOtherFunctions) {
  const std::string out = RewriteCuda(
      "__global__ void fill(float* out, int n = 4);\nvoid f(float* p) { fill<<<1, 32>>>(p, 2); }\n", false, true);
  EXPECT_EQ(out.rfind("using warpsafe_kernel_type_fill = void(float* out, int n); __global__ void fill(", 0), 0u) << out;
  EXPECT_NE(out.find("(const void*)static_cast<warpsafe_kernel_type_fill*>(&fill), \"fill\""), std::string::npos) << out;
  // A launch before any declaration the front end saw at namespace scope takes the address plainly.
  const std::string in_class = RewriteCuda("struct S { friend __global__ void g(int); };\nvoid f() { g<<<1, 1>>>(0); }\n",
                                           false, true);
  EXPECT_NE(in_class.find("(const void*)&g, \"g\""), std::string::npos) << in_class;
}

// `using lib::fill;` brings the kernel's name into scope but not its alias: an unqualified launch of
// a kernel declared in a namespace names the alias from the global namespace.
TEST(Translate, KernelAddressOfAnUnqualifiedLaunchNamesTheAliasByItsNamespace) {
  const std::string out = RewriteCuda(
      "namespace lib { inline namespace v1 { namespace { __global__ void fill(int* p) {} } } }\n"
      "using lib::fill;\nvoid f(int* p) { fill<<<1, 32>>>(p); lib::fill<<<1, 1>>>(p); }\n",
      false, true);
  EXPECT_NE(out.find("static_cast< ::lib::v1::warpsafe_kernel_type_fill*>(&fill), \"fill\""), std::string::npos)
      << out;
  EXPECT_NE(out.find("static_cast<lib::warpsafe_kernel_type_fill*>(&lib::fill), \"lib::fill\""), std::string::npos)
      << out;
}

// A __device__ that its macro's body cannot tell is told at each use of the macro, and the variables
// get the mark in front of the invocation; functions declared through the same macros do not.
TEST(Translate, DeviceVariablesFromMacrosAreMarkedWhereTheMacroIsUsed) {
  const std::string src =
      "#define DEV __device__\n#define DECLARE(T, n) __device__ T n\n#define OF(T) __device__ T\n"
      "#define COUNTER(n) DEV unsigned n\n"
      "DEV int a;\nDECLARE(int, b)[4];\nOF(float) c = 1;\nCOUNTER(d);\n"
      "DEV int f(int x);\nOF(int) g() { return 1; }\nDECLARE(int, h)(int);\n";
  EXPECT_EQ(RewriteCuda(src),
            "#define DEV __device__\n#define DECLARE(T, n) __device__ T n\n#define OF(T) __device__ T\n"
            "#define COUNTER(n) DEV unsigned n\n"
            "WARPSAFE_DEVICE_VARIABLE DEV int a;\nWARPSAFE_DEVICE_VARIABLE DECLARE(int, b)[4];\n"
            "WARPSAFE_DEVICE_VARIABLE OF(float) c = 1;\nWARPSAFE_DEVICE_VARIABLE COUNTER(d);\n"
            "DEV int f(int x);\nOF(int) g() { return 1; }\nDECLARE(int, h)(int);\n");
  // Told inside another macro's body: marked there.
  EXPECT_EQ(RewriteCuda("#define DEV __device__\n#define TABLE(n) DEV int n[4];\nTABLE(t)\n"),
            "#define DEV __device__\n#define TABLE(n) WARPSAFE_DEVICE_VARIABLE DEV int n[4];\nTABLE(t)\n");
  // Redefined and undefined macros are read as the preprocessor reads them at each use.
  EXPECT_EQ(RewriteCuda("#define X __device__\n#undef X\n#define X\nX int a;\n"),
            "#define X __device__\n#undef X\n#define X\nX int a;\n");
}

// Kernels and device variables with internal linkage get the unit's namespace instead, so that the
// two passes' objects name them alike; lines stay where they were.
TEST(Translate, InternalLinkageBecomesTheUnitsOwnNamespace) {
  auto Unit = [](const std::string& s) { return RewriteCuda(s, false, false, "u1"); };
  const std::string ns = "warpsafe_internal_u1";
  const std::string layout = " [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<";
  EXPECT_EQ(Unit("static __global__ void k(int* p) {\n  *p = 1;\n}\n"),
            "namespace " + ns + " { __global__ void k(int* p) {" + layout + "decltype(p)>; WARPSAFE_KERNEL_BODY_BEGIN \n  *p = 1;\n WARPSAFE_KERNEL_BODY_END } } using namespace " +
                ns + ";\n");
  EXPECT_EQ(Unit("static __device__ int counter;\nstatic __constant__ float c[4] = {1};\n"),
            "namespace " + ns + " { __device__ WARPSAFE_DEVICE_VARIABLE int counter; } using namespace " + ns +
                ";\nnamespace " + ns + " { __constant__ float c[4] = {1}; } using namespace " + ns + ";\n");
  // Every declaration of a kernel declared static moves, `static` or not.
  EXPECT_EQ(Unit("static __global__ void k();\n__global__ void k() {}\n"),
            "namespace " + ns + " { __global__ void k(); } using namespace " + ns + ";\nnamespace " + ns +
                " { __global__ void k() {" + layout + ">;} } using namespace " + ns + ";\n");
  EXPECT_EQ(Unit("template <int N> static __global__ void t() {}\n"),
            "namespace " + ns + " { template <int N>  __global__ void t() {" + layout + ">;} } using namespace " + ns + ";\n");
  EXPECT_EQ(Unit("namespace {\n__global__ void k() {}\n}\nnamespace { int x; }\n"),
            "namespace " + ns + " {} using namespace " + ns + "; namespace " + ns + " {\n__global__ void k() {" + layout +
                ">;}\n}\n" +
                "namespace " + ns + " {} using namespace " + ns + "; namespace " + ns + " { int x; }\n");
  // A functor of an unnamed namespace instantiates library kernels (thrust::transform): renamed too.
  EXPECT_EQ(Unit("namespace { struct F {}; }\n"),
            "namespace " + ns + " {} using namespace " + ns + "; namespace " + ns + " { struct F {}; }\n");
  // Nothing to join: left as written (host functions, static members, locals, no unit given).
  for (const std::string& kept :
       {std::string("static int f() { return 1; }\n"), std::string("struct S { static __device__ int f(); };\n")}) {
    EXPECT_EQ(Unit(kept), kept);
  }
  EXPECT_EQ(Unit("__global__ void k() { static const int s = 1; }\n"),
            "__global__ void k() {" + layout + ">; WARPSAFE_KERNEL_BODY_BEGIN  static const int s = 1;  WARPSAFE_KERNEL_BODY_END }\n");
  EXPECT_EQ(RewriteCuda("static __global__ void k() {}\n"), "static __global__ void k() {" + layout + ">;}\n");
}

// Each named __grid_constant__ parameter of a kernel definition is marked for the kernel's run.
TEST(Translate, GridConstantParametersAreMarkedAtTheTopOfTheBody) {
  EXPECT_EQ(RewriteCuda("__global__ void k(const __grid_constant__ P p, int n) {\n}\n"),
            "__global__ void k(const __grid_constant__ P p, int n) { "
            "[[gnu::used]] static const void* const warpsafe_parameter_layout = "
            "::warpsafe::engine::kKernelParameterLayoutOf<decltype(p), decltype(n)>; "
            "::warpsafe::engine::GridConstantParameter warpsafe_grid_constant_0(__builtin_addressof(p), sizeof(p));\n}\n");
  const std::string declaration = "__global__ void k(const __grid_constant__ P p);\n";
  EXPECT_EQ(RewriteCuda(declaration), declaration);
}

// Every kernel definition opens by naming the layout record of its own parameter types, so that
// each pass that instantiates it holds the record (kernel_parameter_layouts.h): named parameters by
// decltype, unnamed ones as written, packs expanded; CCCL's kernel macros mark kernels too. A
// parameter that is not a type and a name (a function pointer) leaves the kernel as it was.
TEST(Translate, KernelsNameTheirParameterLayoutRecord) {
  const std::string use = "{ [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<";
  EXPECT_EQ(RewriteCuda("template <class F, class... Ts> __global__ void k(F f, const T* __restrict__ p, int n = 4, Ts... rest) {}\n"),
            "template <class F, class... Ts> __global__ void k(F f, const T* __restrict__ p, int n = 4, Ts... rest) " +
                use + "decltype(f), decltype(p), decltype(n), decltype(rest)...>;}\n");
  EXPECT_EQ(RewriteCuda("template <class T, class... Ts> __global__ void k(const T, unsigned int, ns::Key, T const x, Ts...) {}\n"),
            "template <class T, class... Ts> __global__ void k(const T, unsigned int, ns::Key, T const x, Ts...) " + use +
                "const T, unsigned int, ns :: Key, decltype(x), Ts ...>;}\n");
  EXPECT_EQ(RewriteCuda("CUB_DETAIL_KERNEL_ATTRIBUTES void k(void) {}\n"),
            "CUB_DETAIL_KERNEL_ATTRIBUTES void k(void) " + use + ">;}\n");
  EXPECT_EQ(RewriteCuda("__global__ void __launch_bounds__(128) k(Op op)\n{\n}\n"),
            "__global__ void __launch_bounds__(128) k(Op op)\n" + use + "decltype(op)>;\n}\n");
  for (const std::string& kept : {std::string("__global__ void k(void (*f)(int)) {}\n"),
                                  std::string("__global__ void k(int a[4]) {}\n"), std::string("__global__ void k(int);\n"),
                                  std::string("#define K __global__ void k(int n) {}\n")}) {
    EXPECT_EQ(RewriteCuda(kept), kept);
  }
}

TEST(Translate, Arch) {
  EXPECT_EQ(ParseArch("sm_70"), 70);
  EXPECT_EQ(ParseArch("sm_75"), 75);
  EXPECT_EQ(ParseArch("sm_80"), 80);
  EXPECT_EQ(ParseArch("sm_86"), 86);
  EXPECT_EQ(ParseArch("sm_89"), 89);
  EXPECT_EQ(ParseArch("sm_90"), 90);
  EXPECT_EQ(ParseArch("sm_61"), 0);
  EXPECT_EQ(ParseArch("compute_90"), 0);
}

TEST(Translate, Depfile) {
  EXPECT_EQ(MakeDepfile("/b/out.cpp", {"/s/a b.cu", "/s/x$.cuh"}), "/b/out.cpp: \\\n  /s/a\\ b.cu \\\n  /s/x$$.cuh\n");
}

TEST(Translate, DeviceVariablesAreMarkedFunctionsAndDeductionGuidesNot) {
  EXPECT_EQ(RewriteCuda("__device__ int counter = 5;\nextern __device__ int table[4];\n"),
            "__device__ WARPSAFE_DEVICE_VARIABLE int counter = 5;\nextern __device__ WARPSAFE_DEVICE_VARIABLE int table[4];\n");
  EXPECT_EQ(RewriteCuda("__device__ cuda::atomic<int, (1 + 2)> a;\n__device__ void (*handler)(int);\n"),
            "__device__ WARPSAFE_DEVICE_VARIABLE cuda::atomic<int, (1 + 2)> a;\n"
            "__device__ WARPSAFE_DEVICE_VARIABLE void (*handler)(int);\n");
  for (const std::string& unmarked :
       {std::string("__host__ __device__ int f(int x) { return x; }\n"),
        std::string("template <class... T> __host__ __device__ tuple(T...) -> tuple<T...>;\n"),
        std::string("__device__ __forceinline__ T Max(T a) const;\n"),
        std::string("auto l = [=] __device__ (int i) { return i; };\n"),
        std::string("#define DEVICE __host__ __device__\n")}) {
    EXPECT_EQ(RewriteCuda(unmarked), unmarked);
  }
}

TEST(Translate, SharedAliasesAreSpelledOutThenRewritten) {
  const std::string out = RewriteCuda("#define SMEM __shared__\n__global__ void k() {\n  SMEM float x[4];\n}\n#undef SMEM\n");
  EXPECT_EQ(out.rfind("#define SMEM __shared__\n__global__ void k() { [[gnu::used]] static const void* const warpsafe_parameter_layout = ::warpsafe::engine::kKernelParameterLayoutOf<>; WARPSAFE_KERNEL_BODY_BEGIN \n"
                      "  float (&x)[4] = ",
                      0),
            0u)
      << out;
  EXPECT_NE(out.find("StaticShared("), std::string::npos) << out;
  EXPECT_NE(out.find("\n WARPSAFE_KERNEL_BODY_END }\n#undef SMEM\n"), std::string::npos) << out;
}

TEST(Translate, DefinesMain) {
  EXPECT_TRUE(DefinesMain("int x;\nint main(int argc, char** argv) { return 0; }\n"));
  EXPECT_TRUE(DefinesMain("int\nmain ()\n{}\n"));
  EXPECT_FALSE(DefinesMain("void RunGather(int* out);\nint f() { return s.main(); }\n"));
  EXPECT_FALSE(DefinesMain("// int main() in a comment\nint other();\n"));
}

TEST(Translate, HostFileWithMainGetsTheEngineMainOnly) {
  const std::string t = TranslateHostFile("/p/host.cpp", "int main() { f<<<1, 1>>>(); }", 80);
  EXPECT_EQ(t.rfind("#define main warpsafe_user_main\n#line 1 \"/p/host.cpp\"\nint main() { f<<<1, 1>>>(); return 0; }\n", 0),
            0u)
      << t;
  EXPECT_NE(t.find("::warpsafe::engine::AdaptMain(&warpsafe_user_main)"), std::string::npos) << t;
}

}  // namespace
}  // namespace warpsafe::frontend
