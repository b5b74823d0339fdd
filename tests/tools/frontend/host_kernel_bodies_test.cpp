#include "frontend/host_kernel_bodies.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "frontend/source_edit.h"
#include "frontend/tokenizer.h"

namespace warpsafe::frontend {
namespace {

std::string Wrapped(const std::string& source) {
  return ApplyEdits(source, WrapKernelBodies(Tokenize(source)));
}

// The statements of a kernel definition between the two macros, on the lines of the braces: the
// statements keep their lines, and those below the `{` their columns.
TEST(HostKernelBodies, KernelStatementsAreWrappedOnTheLinesOfTheBraces) {
  EXPECT_EQ(Wrapped("template <class T>\n__global__ void k(T* p) {\n  p[0] = Helper(p[0]);\n}\n"),
            "template <class T>\n__global__ void k(T* p) { WARPSAFE_KERNEL_BODY_BEGIN \n  p[0] = Helper(p[0]);\n"
            " WARPSAFE_KERNEL_BODY_END }\n");
  EXPECT_EQ(Wrapped("__global__ void __launch_bounds__(64) k(int* p) {if (p) { *p = 1; return; }}"),
            "__global__ void __launch_bounds__(64) k(int* p) { WARPSAFE_KERNEL_BODY_BEGIN if (p) { *p = 1; return; }"
            " WARPSAFE_KERNEL_BODY_END }");
  // CCCL's kernel macros mark kernels as __global__ does.
  EXPECT_EQ(Wrapped("CUB_DETAIL_KERNEL_ATTRIBUTES void k(int n) { f(n); }"),
            "CUB_DETAIL_KERNEL_ATTRIBUTES void k(int n) { WARPSAFE_KERNEL_BODY_BEGIN  f(n);  WARPSAFE_KERNEL_BODY_END }");
}

// Conditionals inside the body, at its top too: the body's end is found across them, and every
// statement stays inside.
TEST(HostKernelBodies, ConditionalsInsideTheBodyStayInside) {
  EXPECT_EQ(Wrapped("__global__ void k(int* p) {\n#if A\n  if (p) {\n#else\n  if (!p) {\n#endif\n  }\n}\n"),
            "__global__ void k(int* p) { WARPSAFE_KERNEL_BODY_BEGIN \n#if A\n  if (p) {\n#else\n  if (!p) {\n"
            "#endif\n  }\n WARPSAFE_KERNEL_BODY_END }\n");
}

// What is left as it was: declarations, empty bodies, kernels inside a macro's definition, other
// functions.
TEST(HostKernelBodies, WhatIsLeftWhole) {
  for (const std::string& kept :
       {std::string("__global__ void k(int* p);\n"), std::string("__global__ void k() {}\n"),
        std::string("#define K __global__ void k(int* p) { *p = 1; }\n"),
        std::string("__device__ int f(int x) { return x; }\nvoid g() { f(1); }\n")}) {
    EXPECT_EQ(Wrapped(kept), kept);
  }
}

// Several rewriters edit at the `{`: insertions after it apply in the order they were made, after
// a replacement of the `{` itself, whatever the order the edits come in.
TEST(HostKernelBodies, EditsAtTheOpeningBraceKeepTheirOrder) {
  const std::string source = "__global__ void k() { s(); }";
  const std::size_t brace = source.find('{');
  std::vector<Edit> edits{Edit{brace + 1, brace + 1, " FIRST;", false}};
  for (const Edit& e : WrapKernelBodies(Tokenize(source))) edits.push_back(e);
  edits.push_back(Edit{brace, brace + 1, "{ RECORD;", false});
  const std::string want = "__global__ void k() { RECORD; FIRST; WARPSAFE_KERNEL_BODY_BEGIN  s();  WARPSAFE_KERNEL_BODY_END }";
  EXPECT_EQ(ApplyEdits(source, edits), want);
  std::reverse(edits.begin(), edits.end());
  std::swap(edits[2], edits[3]);  // the two insertions at the `{` in their first order again
  EXPECT_EQ(ApplyEdits(source, edits), want);
}

}  // namespace
}  // namespace warpsafe::frontend
