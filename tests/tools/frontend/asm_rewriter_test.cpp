#include <gtest/gtest.h>

#include "frontend/translate.h"

namespace warpsafe::frontend {
namespace {

const std::string kSite = "::warpsafe::engine::Site{__FILE__, __LINE__}";

// The call an asm statement becomes, for a template written as `tmpl` and operands as given.
std::string Call(const std::string& tmpl, const std::string& operands = "") {
  return "::warpsafe::engine::ptx::Asm(::warpsafe::engine::ptx::ProgramFor([]() { static "
         "::warpsafe::engine::ptx::SiteCache ws_c; return &ws_c; }(), " +
         tmpl + ", " + kSite + "), " + kSite + operands + ")";
}

std::string InKernel(const std::string& body) { return "__global__ void k() {\n  " + body + "\n}\n"; }
// The same kernel as the front end writes it: its body opens by naming its parameters' layout record
// (kernel_parameter_layouts.h), and its statements are wrapped for the host pass (host_kernel_bodies.h).
std::string KernelRewritten(const std::string& body) {
  return "__global__ void k() { [[gnu::used]] static const void* const warpsafe_parameter_layout = "
         "::warpsafe::engine::kKernelParameterLayoutOf<>; WARPSAFE_KERNEL_BODY_BEGIN \n  " + body +
         "\n WARPSAFE_KERNEL_BODY_END }\n";
}

TEST(AsmRewriter, OutputsAndInputs) {
  EXPECT_EQ(RewriteCuda(InKernel("asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));")),
            KernelRewritten(Call("\"mov.u32 %0, %%laneid;\"", ", \"\"_warpsafe_ptx_out \"=r\"(lane)") + ";"));
  EXPECT_EQ(RewriteCuda(InKernel("asm(\"add.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a + 1), \"n\"(4));")),
            KernelRewritten(Call("\"add.u32 %0, %1, %2;\"", ", \"\"_warpsafe_ptx_out \"=r\"(d), \"\"_warpsafe_ptx_in \"r\"(a + 1), "
                                                     "\"\"_warpsafe_ptx_in \"n\"(4)") +
                     ";"));
}

TEST(AsmRewriter, ReadWriteOperandsClobbersAndEmptySections) {
  EXPECT_EQ(RewriteCuda(InKernel("__asm__ __volatile__(\"st.u32 [%0], %1;\" :: \"l\"(p), \"r\"(v) : \"memory\");")),
            KernelRewritten(Call("\"st.u32 [%0], %1;\"",
                          ", \"\"_warpsafe_ptx_in \"l\"(p), \"\"_warpsafe_ptx_in \"r\"(v)") +
                     ";"));
  EXPECT_EQ(RewriteCuda(InKernel("asm(\"add.s32 %0, %0, 1;\" : \"+r\"(x[i]));")),
            KernelRewritten(Call("\"add.s32 %0, %0, 1;\"", ", \"\"_warpsafe_ptx_out \"+r\"(x[i])") + ";"));
  EXPECT_EQ(RewriteCuda(InKernel("asm volatile(\"membar.gl;\" ::: \"memory\");")),
            KernelRewritten(Call("\"membar.gl;\"") + ";"));
}

TEST(AsmRewriter, OperandsWithoutTheirCommaAreSeparatedAsNvccTakesThem) {
  // `"r"(v) "l"(p)`: nvcc accepts it, the host compiler does not; each operand is its own argument.
  EXPECT_EQ(RewriteCuda(InKernel("asm volatile(\"st.release.sys.global.u8 [%1], %0;\" ::\"r\"(v) \"l\"(f(p, 2)) : \"memory\");")),
            KernelRewritten(Call("\"st.release.sys.global.u8 [%1], %0;\"",
                                 ", \"\"_warpsafe_ptx_in \"r\"(v), \"\"_warpsafe_ptx_in \"l\"(f(p, 2))") +
                            ";"));
  EXPECT_EQ(RewriteCuda(InKernel("asm(\"add.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a) \"r\"(b), \"n\"(4));")),
            KernelRewritten(Call("\"add.u32 %0, %1, %2;\"", ", \"\"_warpsafe_ptx_out \"=r\"(d), \"\"_warpsafe_ptx_in \"r\"(a), "
                                                           "\"\"_warpsafe_ptx_in \"r\"(b), \"\"_warpsafe_ptx_in \"n\"(4)") +
                            ";"));
}

TEST(AsmRewriter, AdjacentLiteralsAndMacrosStayForTheCompiler) {
  EXPECT_EQ(RewriteCuda(InKernel("asm(\"{\\n\\t\" \"mov.u32 %0, 1;\" \"}\" : \"=r\"(x));")),
            KernelRewritten(Call("\"{\\n\\t\" \"mov.u32 %0, 1;\" \"}\"", ", \"\"_warpsafe_ptx_out \"=r\"(x)") + ";"));
  // Inside a #define, with a stringized parameter: the rewrite stays in the directive.
  const std::string def = "#define ST(mod) asm volatile(\"st.\" #mod \".u32 [%0], %1;\" :: \"l\"(p), \"r\"(v))\n";
  const std::string out = RewriteCuda(def);
  EXPECT_NE(out.find("return &ws_c; }(), \"st.\" #mod \".u32 [%0], %1;\", "), std::string::npos) << out;
  EXPECT_EQ(out.rfind("#define ST(mod) ", 0), 0u);
}

TEST(AsmRewriter, ConstraintsBuiltByMacros) {
  // `"=" C(out)` with `#define C(x) "r"(x)`: the operand stays as written for the compiler to join.
  EXPECT_EQ(RewriteCuda(InKernel("asm(\"mov.b32 %0, %1;\" : \"=\" C_b32(out) : C_b32(in));")),
            KernelRewritten(Call("\"mov.b32 %0, %1;\"", ", \"\"_warpsafe_ptx_out \"=\" C_b32(out), \"\"_warpsafe_ptx_in C_b32(in)") + ";"));
  // A named operand is not taken.
  EXPECT_EQ(RewriteCuda(InKernel("asm(\"mov.b32 %[o], 1;\" : [o] \"=r\"(out));")),
            KernelRewritten("asm(\"mov.b32 %[o], 1;\" : [o] \"=r\"(out));"));
}

TEST(AsmRewriter, KeepsLinesOfAMultiLineStatement) {
  const std::string in = InKernel("asm(\"{\\n\\t\"\n      \"mov.u32 %0, 1;\\n\\t\"\n      \"}\"\n      : \"=r\"(x));");
  const std::string out = RewriteCuda(in);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n'));
  EXPECT_NE(out.find("::warpsafe::engine::ptx::Asm("), std::string::npos);
}

TEST(AsmRewriter, TemplateWithConditionalBranchesKeepsItsDirectives) {
  // CUB 1.x chooses an instruction with #ifdef between the template's literals: the directives stay
  // on their lines for the compiler's preprocessor, and the call is built around the template.
  const std::string tmpl =
      "\"and.b32 %0, %1, %2;\"\n#ifdef SYNC\n  \"vote.ballot.sync.b32 %0, p, 0xffffffff;\"\n#else\n"
      "  \"vote.ballot.b32 %0, p;\"\n#endif\n  ";
  EXPECT_EQ(RewriteCuda(InKernel("asm volatile(" + tmpl + ": \"=r\"(m) : \"r\"(a), \"r\"(b));")),
            KernelRewritten("::warpsafe::engine::ptx::AsmAt(" + kSite +
                     ", []() { static ::warpsafe::engine::ptx::SiteCache ws_c; return &ws_c; }(), " + tmpl +
                     ", \"\"_warpsafe_ptx_out \"=r\"(m), \"\"_warpsafe_ptx_in \"r\"(a), \"\"_warpsafe_ptx_in \"r\"(b));"));
  // Without operands, and with a directive whose condition has parentheses and a colon.
  const std::string bare = "\"bar.sync 0;\"\n#if defined(A) && (B ? 1 : 0)\n\"membar.gl;\"\n#endif\n";
  EXPECT_EQ(RewriteCuda(InKernel("asm volatile(" + bare + ");")),
            KernelRewritten("::warpsafe::engine::ptx::AsmAt(" + kSite +
                     ", []() { static ::warpsafe::engine::ptx::SiteCache ws_c; return &ws_c; }(), " + bare + ");"));
  // Directives among the operands, or any other directive in the template: left as written.
  for (const std::string body : {"asm(\"mov.u32 %0, 1;\" : \"=r\"(x)\n#ifdef A\n, \"=r\"(y)\n#endif\n);",
                                 "asm(\"mov.u32 %0, 1;\"\n#define Q 1\n : \"=r\"(x));"}) {
    EXPECT_EQ(RewriteCuda(InKernel(body)), KernelRewritten(body)) << body;
  }
}

TEST(AsmRewriter, HostAssemblyPassesThrough) {
  for (const std::string body : {"asm volatile(\"pause\");", "__asm__ __volatile__(\"pause\" ::: \"memory\");",
                                 "asm volatile(\"\" ::: \"memory\");",
                                 "asm volatile(\"rdtsc\" : \"=a\"(lo), \"=d\"(hi));",
                                 "asm(\"movl %1, %0\" : \"=m\"(x) : \"g\"(y));",
                                 "asm(\"bswap %0\" : \"+q\"(x));"}) {
    EXPECT_EQ(RewriteCuda(InKernel(body)), KernelRewritten(body)) << body;
  }
}

// "q" (128 bits) is PTX's with a .b128 instruction, and x86's (bswap above) without one.
TEST(AsmRewriter, WideOperandsWithAB128Instruction) {
  EXPECT_EQ(RewriteCuda(InKernel("asm(\"mov.b128 %0, {%1, %2};\" : \"=q\"(x) : \"l\"(lo), \"l\"(hi));")),
            KernelRewritten(Call("\"mov.b128 %0, {%1, %2};\"",
                                 ", \"\"_warpsafe_ptx_out \"=q\"(x), \"\"_warpsafe_ptx_in \"l\"(lo), \"\"_warpsafe_ptx_in \"l\"(hi)") +
                            ";"));
}

TEST(AsmRewriter, OnlyStatementsInFunctions) {
  // An asm label on a declaration, namespace-scope asm and asm goto are not PTX statements.
  for (const std::string src : {std::string("int counter asm(\"renamed\");\n"), std::string("asm(\".globl x\");\n")}) {
    EXPECT_EQ(RewriteCuda(src), src) << src;
  }
  for (const std::string body : {"extern int y asm(\"z\");", "asm goto(\"jmp %l0\" :::: done); done:;"}) {
    EXPECT_EQ(RewriteCuda(InKernel(body)), KernelRewritten(body)) << body;
  }
  EXPECT_NE(RewriteCuda(InKernel("if (c) asm(\"trap;\");")).find("return &ws_c; }(), \"trap;\""), std::string::npos);
}

TEST(AsmRewriter, StatementsInAMacroArgument) {
  // CCCL writes `NV_IF_TARGET(NV_PROVIDES_SM_80, (asm volatile("..."); ...))`: the statement starts
  // after `(` or `,` and its parentheses are followed by the `;` that ends it.
  EXPECT_EQ(RewriteCuda(InKernel("IF_TARGET(SM_80, (asm volatile(\"cp.async.wait_all;\" ::: \"memory\");));")),
            KernelRewritten("IF_TARGET(SM_80, (" + Call("\"cp.async.wait_all;\"") + ";));"));
  EXPECT_EQ(RewriteCuda(InKernel("IF_TARGET(SM_80, asm volatile(\"cp.async.commit_group;\"); ++head;)")),
            KernelRewritten("IF_TARGET(SM_80, " + Call("\"cp.async.commit_group;\"") + "; ++head;)"));
  // Not a statement: an asm label inside a parenthesized declarator list stays as written.
  const std::string label = "extern int (y) asm(\"z\");";
  EXPECT_EQ(RewriteCuda(InKernel(label)), KernelRewritten(label));
}

}  // namespace
}  // namespace warpsafe::frontend
