// Fiber stacks (engine/src/fiber/stack.h): the usable size asked for, rounded up to pages, with a
// guard page below, and a mapping never a multiple of 16 pages (stacks mapped one after another
// would then share one set of the data TLB: stack.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include "fiber/stack.h"

namespace warpsafe::engine::fiber {
namespace {

TEST(StackTest, UsableSizeIsRoundedUpToPagesAndGuardedBelow) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  Stack s;
  ASSERT_TRUE(s.Allocate(3 * page + 1));
  EXPECT_EQ(s.usable(), 4 * page);
  auto* top = static_cast<unsigned char*>(s.top());
  top[-1] = 1;  // the usable pages are writable
  top[-static_cast<std::ptrdiff_t>(s.usable())] = 1;
  EXPECT_FALSE(s.InGuard(top - s.usable()));
  EXPECT_TRUE(s.InGuard(top - s.usable() - 1));
  EXPECT_TRUE(s.InGuard(top - s.usable() - page));
  EXPECT_FALSE(s.InGuard(top - s.usable() - page - 1));
}

TEST(StackTest, MappingIsNeverAMultipleOf16Pages) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  for (std::size_t pages : {3u, 4u, 15u, 16u, 31u, 63u, 64u, 127u}) {
    Stack s;
    ASSERT_TRUE(s.Allocate(pages * page));
    EXPECT_GE(s.usable(), pages * page);
    EXPECT_LE(s.usable(), (pages + 1) * page);
    EXPECT_NE((s.usable() / page + 1) % 16, 0u) << pages << " pages asked for";
  }
}

}  // namespace
}  // namespace warpsafe::engine::fiber
