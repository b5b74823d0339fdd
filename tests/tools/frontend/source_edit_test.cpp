#include "frontend/source_edit.h"

#include <gtest/gtest.h>

namespace warpsafe::frontend {
namespace {

// At one place: insertions first, in the order given, then the first replacement given; a later
// replacement that overlaps it is dropped.
TEST(SourceEdit, AtOnePlaceInsertionsThenTheFirstReplacement) {
  const std::string source = "__device__ __shared__ int x;";
  const Edit mark{0, 10, "__device__ MARK", false};
  const Edit shared{0, 28, "SHARED x;", false};
  const Edit before{0, 0, "A ", false};
  const Edit also{0, 0, "B ", false};
  EXPECT_EQ(ApplyEdits(source, {shared, mark, before, also}), "A B SHARED x;");
  EXPECT_EQ(ApplyEdits(source, {mark, also, shared, before}), "B A __device__ MARK __shared__ int x;");
  // Apart from that, places in order whatever the order given; newlines of a replaced range stay.
  EXPECT_EQ(ApplyEdits("a\nb c", {Edit{4, 5, "C", false}, Edit{0, 3, "AB", false}}), "AB\n C");
}

}  // namespace
}  // namespace warpsafe::frontend
