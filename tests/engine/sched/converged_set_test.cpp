// The release order of the mask-less intrinsics' converged points (sched/converged_set.h): the
// point whose call site comes first in the source goes first (LEGACY-2).
#include <gtest/gtest.h>

#include "sched/converged_set.h"

namespace warpsafe::engine {
namespace {

TEST(ConvergedSet, SitesAreOrderedByFileThenLineThenColumn) {
  static const char a[] = "/src/a.cu", b[] = "/src/b.cu", a_again[] = "/src/a.cu";
  EXPECT_TRUE(SiteBefore(Site{a, 9, 1}, Site{a, 10, 1}));
  EXPECT_FALSE(SiteBefore(Site{a, 10, 1}, Site{a, 9, 1}));
  EXPECT_TRUE(SiteBefore(Site{a, 10, 3}, Site{a, 10, 7}));
  EXPECT_FALSE(SiteBefore(Site{a, 10, 7}, Site{a, 10, 7}));
  EXPECT_TRUE(SiteBefore(Site{a, 50, 1}, Site{b, 2, 1}));
  // The same name at two addresses (two translation units' copies of a header path) is one file.
  EXPECT_TRUE(SiteBefore(Site{a, 3, 1}, Site{a_again, 4, 1}));
  EXPECT_FALSE(SiteBefore(Site{a_again, 4, 1}, Site{a, 3, 1}));
}

TEST(ConvergedSet, TheFirstPointInTheSourceIsReleasedFirst) {
  static const char f[] = "/src/k.cu";
  Warp w{};
  w.conv_count = 3;
  w.conv[0] = ActiveMaskGroup{Site{f, 30, 5}, 0x0000ff00u};  // after the branch
  w.conv[1] = ActiveMaskGroup{Site{f, 21, 9}, 0x000000ffu};  // inside it
  w.conv[2] = ActiveMaskGroup{Site{f, 27, 2}, 0xff000000u};  // the else branch
  EXPECT_EQ(FirstConvergedPoint(w), 1u);
  w.conv[1] = w.conv[2];
  w.conv_count = 2;
  EXPECT_EQ(FirstConvergedPoint(w), 1u);
  w.conv_count = 1;
  EXPECT_EQ(FirstConvergedPoint(w), 0u);
}

}  // namespace
}  // namespace warpsafe::engine
