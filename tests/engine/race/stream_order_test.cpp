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

// GRAPH-ORDER-1: a graph's nodes follow the launch stream's earlier work and the nodes they depend
// on, nothing else; the stream's later work follows every node.
TEST(StreamOrderTest, GraphNodesAreOrderedByTheirEdgesAlone) {
  StreamOrder order;
  const void* graph = reinterpret_cast<const void*>(0x4000);
  const void* first = reinterpret_cast<const void*>(0x5000);
  const void* second = reinterpret_cast<const void*>(0x6000);
  const void* after_first = reinterpret_cast<const void*>(0x7000);
  const std::uint32_t before = order.Launch(kA, false);
  order.GraphStarts(graph, kA, false);
  order.NodeAfter(first, graph);
  const std::uint32_t in_first = order.Launch(first, true);
  order.NodeAfter(second, graph);
  const std::uint32_t in_second = order.Launch(second, true);
  order.NodeAfter(after_first, graph);
  order.NodeAfter(after_first, first);
  const std::uint32_t in_after = order.Launch(after_first, true);
  EXPECT_TRUE(order.Ordered(before, in_first));
  EXPECT_TRUE(order.Ordered(before, in_second));
  EXPECT_FALSE(order.Ordered(in_first, in_second));  // no edge between them
  EXPECT_TRUE(order.Ordered(in_first, in_after));
  EXPECT_FALSE(order.Ordered(in_second, in_after));
  EXPECT_FALSE(order.OrderedBeforeNext(in_second, kA, false));  // the launch has not ended yet
  for (const void* node : {first, second, after_first}) order.GraphEnds(kA, false, node);
  EXPECT_TRUE(order.OrderedBeforeNext(in_second, kA, false));
  EXPECT_TRUE(order.OrderedBeforeNext(in_after, kA, false));
  // Graph nodes are named as such and leave the streams' numbers alone.
  EXPECT_EQ(order.StreamName(in_first), "a graph node");
  EXPECT_EQ(order.Name(kB, false), "stream 2");
}

}  // namespace
}  // namespace warpsafe::engine::race
