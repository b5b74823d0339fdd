// FindAllocation's per-thread memo (allocations.cpp): its answers, found or not, are reused only
// until the table changes, on any thread.
#include <cstdint>
#include <thread>

#include "cuda_runtime_api.h"
#include "runtime/allocations.h"
#include "runtime_fixture.h"

namespace warpsafe::engine::runtime {
namespace {

using AllocationLookupTest = RuntimeTest;

TEST_F(AllocationLookupTest, AFreedBlockIsNotFoundAgainThroughTheMemo) {
  char* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 4096), cudaSuccess);
  AllocationInfo info;
  ASSERT_TRUE(FindAllocation(p + 10, &info));
  ASSERT_TRUE(FindAllocation(p + 20, &info));  // answered by the memo
  EXPECT_EQ(info.base, p);
  ASSERT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_FALSE(FindAllocation(p + 10, nullptr));
}

TEST_F(AllocationLookupTest, AnAddressFoundInNoBlockIsFoundOnceRegisteredAndTheGapHoldsAroundIt) {
  static char host[8192];
  EXPECT_FALSE(FindAllocation(host + 100, nullptr));
  EXPECT_FALSE(FindAllocation(host + 200, nullptr));  // the same gap
  ASSERT_TRUE(Register(host + 4096, 1024, AllocationKind::kRegisteredHost, 0));
  EXPECT_FALSE(FindAllocation(host + 100, nullptr));   // still in a gap, a narrower one now
  EXPECT_TRUE(FindAllocation(host + 4096 + 1023, nullptr));
  EXPECT_FALSE(FindAllocation(host + 4096 + 1024, nullptr));  // one past its end
  EXPECT_FALSE(FindAllocation(host + 4095, nullptr));         // one before its start
  ASSERT_TRUE(Unregister(host + 4096));
  EXPECT_FALSE(FindAllocation(host + 4096, nullptr));
}

TEST_F(AllocationLookupTest, AChangeOnAnotherThreadEndsThisThreadsMemo) {
  char* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 4096), cudaSuccess);
  ASSERT_TRUE(FindAllocation(p, nullptr));
  std::thread([p] { EXPECT_EQ(cudaFree(p), cudaSuccess); }).join();
  EXPECT_FALSE(FindAllocation(p, nullptr));
  char* q = nullptr;
  EXPECT_FALSE(FindAllocation(reinterpret_cast<char*>(0x1000), nullptr));
  std::thread([&q] { EXPECT_EQ(cudaMalloc(&q, 64), cudaSuccess); }).join();
  EXPECT_TRUE(FindAllocation(q, nullptr));
  EXPECT_EQ(cudaFree(q), cudaSuccess);
}

// The memo keeps several answers: lookups that rotate over more blocks than it holds, and over the
// gaps between them, each get their own block's answer, and a free ends every answer at once.
TEST_F(AllocationLookupTest, LookupsRotatingOverSeveralBlocksEachGetTheirOwnAnswer) {
  constexpr int kBlocks = 6;  // more than the memo's entries
  char* blocks[kBlocks];
  for (char*& b : blocks) ASSERT_EQ(cudaMalloc(&b, 256), cudaSuccess);
  static char host[64];
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < kBlocks; ++i) {
      AllocationInfo info;
      ASSERT_TRUE(FindAllocation(blocks[i] + 8 * round, &info));
      EXPECT_EQ(info.base, blocks[i]);
      EXPECT_EQ(info.size, 256u);
      EXPECT_FALSE(FindAllocation(host + round, nullptr));
    }
    for (int i = kBlocks - 1; i >= 0; --i) {
      AllocationInfo info;
      ASSERT_TRUE(FindAllocation(blocks[i] + 255, &info));
      EXPECT_EQ(info.base, blocks[i]);
    }
  }
  ASSERT_EQ(cudaFree(blocks[2]), cudaSuccess);
  EXPECT_FALSE(FindAllocation(blocks[2], nullptr));
  for (int i = 0; i < kBlocks; ++i) {
    if (i != 2) EXPECT_TRUE(FindAllocation(blocks[i], nullptr));
  }
  for (int i = 0; i < kBlocks; ++i) {
    if (i != 2) EXPECT_EQ(cudaFree(blocks[i]), cudaSuccess);
  }
}

}  // namespace
}  // namespace warpsafe::engine::runtime
