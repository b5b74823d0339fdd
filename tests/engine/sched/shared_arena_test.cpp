// A block's shared memory (engine/src/sched/shared_arena.h) and the static layout it reads
// (shared_layout.h), by themselves: registered declarations land at the offset registration gave
// them whatever order a block reaches them in, each is poisoned once per block, unregistered keys
// go after every registered one, and the block's limit holds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "sched/shared_arena.h"
#include "sched/shared_layout.h"
#include "sched/worker.h"

namespace warpsafe::engine {
namespace {

struct Storage {
  explicit Storage(std::size_t bytes) : raw(new unsigned char[bytes + 256]), size(bytes) {
    const auto p = reinterpret_cast<std::uintptr_t>(raw.get());
    data = reinterpret_cast<unsigned char*>((p + 255) & ~std::uintptr_t{255});
  }
  std::unique_ptr<unsigned char[]> raw;
  unsigned char* data;
  std::size_t size;
};

bool AllPoison(const void* p, std::size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  return std::all_of(b, b + n, [](unsigned char c) { return c == kSharedPoisonByte; });
}

TEST(SharedArena, RegisteredDeclarationsKeepTheirOffsetsWhateverOrderABlockReachesThem) {
  static char key_a, key_b, key_c;
  RegisterStaticSharedDeclaration(&key_a, 40, 8);
  RegisterStaticSharedDeclaration(&key_b, 100, 64);
  RegisterStaticSharedDeclaration(&key_c, 4, 4);
  RegisterStaticSharedDeclaration(&key_b, 999, 4);  // a second registration changes nothing
  const StaticSharedSlot a = *FindStaticShared(&key_a), b = *FindStaticShared(&key_b), c = *FindStaticShared(&key_c);
  EXPECT_EQ(b.size, 100u);
  EXPECT_EQ(b.offset % 64, 0u);
  EXPECT_GE(b.offset, a.offset + 40);  // registration order, no overlap
  EXPECT_GE(c.offset, b.offset + 100);
  EXPECT_EQ(c.offset % 16, 0u);        // at least 16-byte aligned
  EXPECT_GE(RegisteredStaticSharedBytes(), c.offset + 4);

  constexpr std::size_t kDynamic = 300, kLimit = 64 * 1024;
  Storage s(SharedArena::CapacityFor(kDynamic, kLimit));
  const void* keys[] = {&key_a, &key_b, &key_c};
  const std::size_t sizes[] = {40, 100, 4};
  const std::size_t aligns[] = {8, 64, 4};
  int orders[][3] = {{0, 1, 2}, {2, 1, 0}, {1, 2, 0}};
  void* first_run[3] = {};
  for (int run = 0; run < 3; ++run) {
    std::memset(s.data, 0, s.size);
    SharedArena arena;
    arena.Reset(s.data, s.size, kDynamic, kLimit);
    EXPECT_EQ(arena.dynamic(), s.data);
    EXPECT_TRUE(AllPoison(s.data, kDynamic));
    EXPECT_EQ(s.data[kDynamic], 0);  // only the dynamic part is poisoned at the start
    for (int i : orders[run]) {
      bool first = false;
      void* p = arena.Static(keys[i], sizes[i], aligns[i], &first);
      ASSERT_NE(p, nullptr);
      EXPECT_TRUE(first);
      EXPECT_TRUE(AllPoison(p, sizes[i]));
      std::memset(p, 1, sizes[i]);
      bool again = true;
      EXPECT_EQ(arena.Static(keys[i], sizes[i], aligns[i], &again), p);  // the same slot, not poisoned again
      EXPECT_FALSE(again);
      EXPECT_EQ(static_cast<unsigned char*>(p)[0], 1);
      if (run == 0) first_run[i] = p;
      EXPECT_EQ(p, first_run[i]) << "declaration " << i << " moved in run " << run;
    }
  }
  EXPECT_EQ(static_cast<unsigned char*>(first_run[0]), s.data + SharedArena::StaticBase(kDynamic) + a.offset);
}

TEST(SharedArena, UnregisteredKeysGoAfterEveryRegisteredDeclarationInArrivalOrder) {
  static char registered, loose1, loose2;
  RegisterStaticSharedDeclaration(&registered, 32, 16);
  constexpr std::size_t kLimit = 64 * 1024;
  Storage s(SharedArena::CapacityFor(0, kLimit));
  SharedArena arena;
  arena.Reset(s.data, s.size, 0, kLimit);
  bool first = false;
  auto* p1 = static_cast<unsigned char*>(arena.Static(&loose1, 10, 1, &first));
  auto* p2 = static_cast<unsigned char*>(arena.Static(&loose2, 10, 32, &first));
  ASSERT_NE(p1, nullptr);
  ASSERT_NE(p2, nullptr);
  EXPECT_GE(p1, s.data + RegisteredStaticSharedBytes());
  EXPECT_GE(p2, p1 + 10);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p2) % 32, 0u);
  auto* r = static_cast<unsigned char*>(arena.Static(&registered, 32, 16, &first));
  EXPECT_EQ(r, s.data + FindStaticShared(&registered)->offset);
  EXPECT_TRUE(r + 32 <= p1 || r >= p1 + 10);
}

TEST(SharedArena, TheBlocksLimitCountsDynamicAndEveryDeclarationItReached) {
  static char big1, big2;
  RegisterStaticSharedDeclaration(&big1, 3000, 16);
  RegisterStaticSharedDeclaration(&big2, 3000, 16);
  constexpr std::size_t kLimit = 8000;
  Storage s(SharedArena::CapacityFor(2500, kLimit));
  SharedArena arena;
  arena.Reset(s.data, s.size, 2500, kLimit);
  bool first = false;
  EXPECT_NE(arena.Static(&big1, 3000, 16, &first), nullptr);
  EXPECT_EQ(arena.used(), 5500u);
  EXPECT_EQ(arena.Static(&big2, 3000, 16, &first), nullptr);  // 8500 bytes: over the limit
  arena.Reset(s.data, s.size, 2000, kLimit);                  // a block with less dynamic memory
  EXPECT_NE(arena.Static(&big1, 3000, 16, &first), nullptr);
  EXPECT_NE(arena.Static(&big2, 3000, 16, &first), nullptr);  // exactly 8000
  EXPECT_EQ(arena.used(), 8000u);
}

}  // namespace
}  // namespace warpsafe::engine
