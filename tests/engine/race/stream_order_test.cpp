// The stream order (engine/src/race/stream_order.h): which launches happen before an operation
// issued now (STREAM-6 asks it for copies), and how reports name streams.
#include "race/stream_order.h"

#include <gtest/gtest.h>

namespace warpsafe::engine::race {
namespace {

// Stream handles: any distinct non-null values other than cudaStreamLegacy (1) and
// cudaStreamPerThread (2).
const void* const kA = reinterpret_cast<const void*>(0x1000);
const void* const kB = reinterpret_cast<const void*>(0x2000);

TEST(StreamOrderTest, ACopyIsOrderedAfterItsOwnStreamsLaunchOnly) {
  StreamOrder order;
  const std::uint32_t on_a = order.Launch(kA, false);
  EXPECT_TRUE(order.OrderedBeforeNext(on_a, kA, false));
  EXPECT_FALSE(order.OrderedBeforeNext(on_a, kB, false));
}

TEST(StreamOrderTest, AnEventOrdersACopyOnAnotherStream) {
  StreamOrder order;
  const void* event = reinterpret_cast<const void*>(0x3000);
  const std::uint32_t on_a = order.Launch(kA, false);
  order.EventRecorded(event, kA, false);
  EXPECT_FALSE(order.OrderedBeforeNext(on_a, kB, false));
  order.StreamWaitsForEvent(kB, event, false);
  EXPECT_TRUE(order.OrderedBeforeNext(on_a, kB, false));
}

TEST(StreamOrderTest, TheLegacyStreamWaitsForBlockingStreamsOnly) {
  StreamOrder order;
  const std::uint32_t blocking = order.Launch(kA, false);
  const std::uint32_t nonblocking = order.Launch(kB, true);
  EXPECT_TRUE(order.OrderedBeforeNext(blocking, nullptr, false));
  EXPECT_FALSE(order.OrderedBeforeNext(nonblocking, nullptr, false));
  order.HostWaitedForStream(kB, true);
  EXPECT_TRUE(order.OrderedBeforeNext(nonblocking, kA, false));
}

TEST(StreamOrderTest, StreamsAreNumberedByFirstUseWithoutTheDefaultStream) {
  StreamOrder order;
  EXPECT_EQ(order.Name(nullptr, false), "the default stream");
  EXPECT_EQ(order.Name(kB, false), "stream 1");
  const std::uint32_t on_a = order.Launch(kA, false);
  EXPECT_EQ(order.StreamName(on_a), "stream 2");
  EXPECT_EQ(order.Name(kB, false), "stream 1");
}

}  // namespace
}  // namespace warpsafe::engine::race
