// Which files are built with OpenMP: those whose text includes <omp.h> (tools/warpsafe/cli/openmp.h).
#include "cli/openmp.h"

#include <gtest/gtest.h>

namespace warpsafe::cli {
namespace {

TEST(OpenMp, AnIncludeOfOmpHIsFound) {
  EXPECT_TRUE(IncludesOpenMp("#include <omp.h>\nint main() {}\n"));
  EXPECT_TRUE(IncludesOpenMp("int x;\n  #  include   \"omp.h\"  // threads\n"));
  EXPECT_TRUE(IncludesOpenMp("#include <stdio.h>\n#include <omp.h>"));
}

TEST(OpenMp, OtherMentionsAreNot) {
  EXPECT_FALSE(IncludesOpenMp("#include <stdio.h>\n// omp.h is not needed here\n"));
  EXPECT_FALSE(IncludesOpenMp("#include <myomp.h>\n"));
  EXPECT_FALSE(IncludesOpenMp("#include <omp.hpp>\n"));
  EXPECT_FALSE(IncludesOpenMp("const char* s = \"#include <omp.h>\";\n"));
  EXPECT_FALSE(IncludesOpenMp("#pragma omp parallel for\n"));
  EXPECT_FALSE(IncludesOpenMp(""));
}

}  // namespace
}  // namespace warpsafe::cli
