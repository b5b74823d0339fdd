// The happens-before order between the operations of streams, for `warpsafe check`
// (docs/semantics/streams.md, STREAM-1 to STREAM-5).
//
// The engine runs every kernel to completion inside the call that launches it; that is one of the
// executions CUDA allows, not the only one. Work issued to different streams may overlap on a GPU
// unless something orders it, so the checker does not take "it ran first" as an order. What orders
// two launches here is only what CUDA documents:
//   - issue order within one stream (STREAM-1);
//   - an event recorded on one stream and waited for by another (cudaEventRecord,
//     cudaStreamWaitEvent: STREAM-2);
//   - the host waiting (cudaStreamSynchronize, cudaEventSynchronize, cudaDeviceSynchronize, a
//     blocking call such as cudaMemcpy) before it issues the later work (STREAM-3);
//   - the legacy default stream, which waits for all prior work of every blocking stream and makes
//     their later work wait for it (STREAM-4). Streams created with cudaStreamNonBlocking take no
//     part; cudaStreamPerThread is an ordinary blocking stream.
// Each stream and event holds a vector clock over streams: entry s = how many of stream s's
// launches are known to be complete before the stream's next operation starts.
//
// Single-threaded: the host calls it from the runtime (check builds run one host thread of kernels
// at a time: the calls are serialised by the runtime's callers).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine::race {

class StreamOrder {
 public:
  // A kernel launch issued on `stream`; returns its id (1, 2, ...). `nonblocking`: the stream was
  // created with cudaStreamNonBlocking.
  std::uint32_t Launch(const void* stream, bool nonblocking);
  // True when launch `earlier` happens before launch `later` (both ids from Launch).
  bool Ordered(std::uint32_t earlier, std::uint32_t later) const;
  // True when launch `earlier` happens before an operation issued now to `stream` (a copy, STREAM-6).
  bool OrderedBeforeNext(std::uint32_t earlier, const void* stream, bool nonblocking);
  // "the default stream" / "stream 2" (numbered in order of first use, the same in every run).
  std::string StreamName(std::uint32_t launch) const;

  // The name of `stream` as StreamName gives it (numbered at its first use, which this may be).
  std::string Name(const void* stream, bool nonblocking);

  void EventRecorded(const void* event, const void* stream, bool nonblocking);
  void StreamWaitsForEvent(const void* stream, const void* event, bool nonblocking);
  // The host waited for all work issued so far to `stream` / recorded before `event` / everything.
  void HostWaitedForStream(const void* stream, bool nonblocking);
  void HostWaitedForEvent(const void* event);
  void HostWaitedForDevice();
  // Graph launches (GRAPH-ORDER-1). Each node of a launched graph is an order point of its own, keyed by
  // the node, as if it were a stream of its own: its work is ordered after what GraphStarts or
  // NodeAfter put before it, and nothing else. GraphStarts: the key `start` (the launched graph)
  // stands for all work of `stream` before the launch. NodeAfter: `node`'s next work is ordered
  // after everything `before` (a node, or a graph's start) has been ordered after and has done.
  // GraphEnds: `stream`'s later work is ordered after `node` (called for every node of the graph).
  void GraphStarts(const void* start, const void* stream, bool nonblocking);
  void NodeAfter(const void* node, const void* before);
  void GraphEnds(const void* stream, bool nonblocking, const void* node);

  // A blocking call on the legacy default stream that returns when it is done (cudaMemcpy,
  // cudaMemset without Async): the host then knows everything it waited for.
  void BlockingCall() { HostWaitedForStream(nullptr, false); }

 private:
  using Clock = std::vector<std::uint32_t>;  // per stream index
  struct Stream {
    Clock known;          // what its next operation is ordered after
    std::uint32_t count = 0;  // launches issued to it
    bool nonblocking = false;
    bool legacy = false;
    bool graph_node = false;  // an order point of a graph launch (named "a graph node")
  };
  struct LaunchRecord {
    unsigned stream;
    std::uint32_t seq;  // its position in its stream (1-based)
    Clock known;        // what it is ordered after
  };
  unsigned Index(const void* stream, bool nonblocking);
  // The index of a graph launch's order point (made non-blocking: only its edges order it).
  unsigned GraphIndex(const void* key);
  std::string NameOfIndex(unsigned s) const;
  // The stream's clock including its own issued work.
  Clock Completed(unsigned s) const;
  // Prepares stream `s` for its next operation: what the host knows, and the legacy stream's rule.
  void BeforeOperation(unsigned s);
  static void Join(Clock& into, const Clock& from);

  std::vector<Stream> streams_;
  std::unordered_map<const void*, unsigned> index_;
  std::unordered_map<const void*, Clock> events_;
  std::vector<LaunchRecord> launches_;  // launches_[id - 1]
  Clock host_;                          // what the host has waited for
};

StreamOrder& GetStreamOrder();

}  // namespace warpsafe::engine::race
