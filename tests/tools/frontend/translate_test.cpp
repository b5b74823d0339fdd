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
            "#define main warpsafe_user_main\n#line 1 \"/p/prog.cu\"\nint main() { return 0; return 0; }\n"
            "#line 1 \"<warpsafe main>\"\n#undef main\n#include <warpsafe/engine/main.h>\n"
            "int main(int argc, char** argv) { return ::warpsafe::engine::EngineMain(argc, argv, "
            "::warpsafe::engine::AdaptMain(&warpsafe_user_main)); }\n");
}

TEST(Translate, InlinedHeadersAreRewrittenAndListed) {
  const auto read = Files({{"/p/k.cuh", "#pragma once\n__global__ void k(int* p) {\n  __shared__ int s[4];\n}\n"}});
  const TranslateResult r = Translate("/p/prog.cu", "#include \"k.cuh\"\nvoid f(int* p) { k<<<1, 4>>>(p); }\n",
                                      TranslateOptions{}, read);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.dependencies, (std::vector<std::string>{"/p/prog.cu", "/p/k.cuh"}));
  EXPECT_NE(r.text.find("int (&s)[4] = "), std::string::npos);
  // The kernel is declared in the inlined header, so the launch takes its address.
  EXPECT_NE(r.text.find("(const void*)&k, \"k\""), std::string::npos);
  EXPECT_NE(r.text.find("#line 2 \"/p/prog.cu\"\nvoid f"), std::string::npos);
}

TEST(Translate, LineCountOfTheBodyIsPreserved) {
  const std::string src = "__global__ void k() {\n  __shared__ float a[4],\n    b[2];\n}\nvoid f() {\n  k<<<1,\n    2>>>();\n}\n";
  EXPECT_EQ(CountNewlines(RewriteCuda(src)), CountNewlines(src));
}

TEST(Translate, WrappedMainReturnsZeroWhenItFlowsOffTheEnd) {
  EXPECT_EQ(RewriteCuda("int main(int argc, char** argv) {\n  f();\n}\nint other() {}\n", true),
            "int main(int argc, char** argv) {\n  f();\nreturn 0; }\nint other() {}\n");
  EXPECT_EQ(RewriteCuda("int main() {}\n"), "int main() {}\n");  // only when main is renamed
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
  const std::string def = "__global__ void k(int* p) {\n  *p = 1;\n}\n";
  const std::string out = Registered(def);
  EXPECT_EQ(out, "__global__ void k(int* p) {\n  *p = 1;\n}" + reg +
                     "0 = ::warpsafe::engine::runtime::RegisterKernel(&k, \"k\");\n");
  EXPECT_EQ(Registered("__global__ void k(int* p);\n"), "__global__ void k(int* p);\n");
  const std::string overloaded = "__global__ void k(int) {}\n__global__ void k(float) {}\n";
  EXPECT_EQ(Registered(overloaded), overloaded);
  const std::string templ = "template <int N> __global__ void t(int*) {}\n";
  EXPECT_EQ(Registered(templ), templ);
  EXPECT_EQ(RewriteCuda(def), def);  // not asked for (the shadow tree's headers)
  EXPECT_NE(Registered("namespace ns { __global__ void k(int); }\n__global__ void ns::k(int) {}\n")
                .find("RegisterKernel(&ns::k, \"ns::k\");"),
            std::string::npos);
  EXPECT_NE(Registered("__global__ void __launch_bounds__(256) k(int a) noexcept { }\n").find("RegisterKernel(&k, \"k\");"),
            std::string::npos);
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
  EXPECT_EQ(out.rfind("#define SMEM __shared__\n__global__ void k() {\n  float (&x)[4] = ", 0), 0u) << out;
  EXPECT_NE(out.find("StaticShared("), std::string::npos) << out;
  EXPECT_NE(out.find("\n}\n#undef SMEM\n"), std::string::npos) << out;
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
