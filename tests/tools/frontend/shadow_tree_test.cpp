// A header's shadow copy: rewritten on its own, its #include lines kept, the original named.
#include "frontend/shadow_tree.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace warpsafe::frontend {
namespace {

TEST(ShadowTree, HeaderIsRewrittenLineForLineWithItsIncludesKept) {
  const std::string header =
      "#ifndef GUARD\n#define GUARD\n#include <cub/util.cuh>\n#include \"detail/x.h\"\n"
      "template <class T> __global__ void K(T* p) {\n  __shared__ T s[32];\n  s[0] = *p;\n}\n"
      "template <class T> void L(T* p) { K<<<1, 32>>>(p); }\n#endif\n";
  const std::string shadow = ShadowHeader("/cccl/cub/h.cuh", header);
  EXPECT_EQ(shadow.rfind("#line 1 \"/cccl/cub/h.cuh\"\n#ifndef GUARD\n#define GUARD\n#include <cub/util.cuh>\n"
                         "#include \"detail/x.h\"\n",
                         0),
            0u)
      << shadow;
  EXPECT_EQ(shadow.find("__shared__ T"), std::string::npos) << shadow;
  EXPECT_NE(shadow.find("StaticShared("), std::string::npos) << shadow;
  EXPECT_EQ(shadow.find("<<<"), std::string::npos) << shadow;
  EXPECT_NE(shadow.find("LaunchWith"), std::string::npos) << shadow;
  // One line of the original per line of the copy, after the #line.
  EXPECT_EQ(std::count(shadow.begin(), shadow.end(), '\n'), std::count(header.begin(), header.end(), '\n') + 1);
}

}  // namespace
}  // namespace warpsafe::frontend
