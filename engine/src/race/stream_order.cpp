#include "race/stream_order.h"

#include <algorithm>

namespace warpsafe::engine::race {
namespace {

// The handles of the implicit streams (driver_types.h): null and cudaStreamLegacy are the legacy
// default stream; cudaStreamPerThread (2) is a stream of its own.
bool IsLegacy(const void* stream) {
  return stream == nullptr || reinterpret_cast<std::uintptr_t>(stream) == 1;
}

}  // namespace

StreamOrder& GetStreamOrder() {
  static auto* order = new StreamOrder();  // never destroyed: the runtime may call in during exit
  return *order;
}

void StreamOrder::Join(Clock& into, const Clock& from) {
  if (into.size() < from.size()) into.resize(from.size(), 0);
  for (std::size_t i = 0; i < from.size(); ++i) into[i] = std::max(into[i], from[i]);
}

unsigned StreamOrder::Index(const void* stream, bool nonblocking) {
  const void* key = IsLegacy(stream) ? nullptr : stream;
  auto it = index_.find(key);
  if (it != index_.end()) return it->second;
  const auto s = static_cast<unsigned>(streams_.size());
  index_.emplace(key, s);
  Stream st;
  st.nonblocking = nonblocking && key != nullptr;
  st.legacy = key == nullptr;
  streams_.push_back(st);
  return s;
}

StreamOrder::Clock StreamOrder::Completed(unsigned s) const {
  Clock c = streams_[s].known;
  if (c.size() <= s) c.resize(s + 1, 0);
  c[s] = std::max(c[s], streams_[s].count);
  return c;
}

void StreamOrder::BeforeOperation(unsigned s) {
  // Work issued after the host waited for something is ordered after it (STREAM-3).
  Join(streams_[s].known, host_);
  if (streams_[s].nonblocking) return;
  // The legacy default stream and the blocking streams wait for each other (STREAM-4).
  if (streams_[s].legacy) {
    for (unsigned b = 0; b < streams_.size(); ++b) {
      if (b != s && !streams_[b].nonblocking) Join(streams_[s].known, Completed(b));
    }
  } else {
    const auto it = index_.find(nullptr);
    if (it != index_.end()) Join(streams_[s].known, Completed(it->second));
  }
}

std::uint32_t StreamOrder::Launch(const void* stream, bool nonblocking) {
  const unsigned s = Index(stream, nonblocking);
  BeforeOperation(s);
  Stream& st = streams_[s];
  // Within a stream, operations run in issue order (STREAM-1): the stream's own entry.
  if (st.known.size() <= s) st.known.resize(s + 1, 0);
  st.known[s] = st.count;
  ++st.count;
  launches_.push_back(LaunchRecord{s, st.count, st.known});
  return static_cast<std::uint32_t>(launches_.size());
}

bool StreamOrder::Ordered(std::uint32_t earlier, std::uint32_t later) const {
  if (earlier == 0 || later == 0 || earlier > launches_.size() || later > launches_.size()) return true;
  const LaunchRecord& a = launches_[earlier - 1];
  const LaunchRecord& b = launches_[later - 1];
  return a.stream < b.known.size() && b.known[a.stream] >= a.seq;
}

bool StreamOrder::OrderedBeforeNext(std::uint32_t earlier, const void* stream, bool nonblocking) {
  if (earlier == 0 || earlier > launches_.size()) return true;
  const unsigned s = Index(stream, nonblocking);
  BeforeOperation(s);  // what the operation issued now waits for (the host's waits, STREAM-4)
  const Clock known = Completed(s);
  const LaunchRecord& a = launches_[earlier - 1];
  return a.stream < known.size() && known[a.stream] >= a.seq;
}

std::string StreamOrder::StreamName(std::uint32_t launch) const {
  if (launch == 0 || launch > launches_.size()) return "a stream";
  return NameOfIndex(launches_[launch - 1].stream);
}

std::string StreamOrder::NameOfIndex(unsigned s) const {
  if (streams_[s].legacy) return "the default stream";
  if (streams_[s].graph_node) return "a graph node";
  // Numbered by first use among the streams the program launched on, recorded events in or copied
  // on, the default stream and graph nodes left out.
  unsigned number = 1;
  for (unsigned i = 0; i < s; ++i) number += streams_[i].legacy || streams_[i].graph_node ? 0 : 1;
  return "stream " + std::to_string(number);
}

std::string StreamOrder::Name(const void* stream, bool nonblocking) {
  return NameOfIndex(Index(stream, nonblocking));
}

void StreamOrder::EventRecorded(const void* event, const void* stream, bool nonblocking) {
  const unsigned s = Index(stream, nonblocking);
  BeforeOperation(s);
  events_[event] = Completed(s);  // a record replaces what the event captured before (STREAM-2)
}

void StreamOrder::StreamWaitsForEvent(const void* stream, const void* event, bool nonblocking) {
  const unsigned s = Index(stream, nonblocking);
  auto it = events_.find(event);
  if (it != events_.end()) Join(streams_[s].known, it->second);
}

void StreamOrder::HostWaitedForStream(const void* stream, bool nonblocking) {
  const unsigned s = Index(stream, nonblocking);
  BeforeOperation(s);  // a wait on the legacy stream waits for what it waits for
  Join(host_, Completed(s));
}

unsigned StreamOrder::GraphIndex(const void* key) {
  const unsigned k = Index(key, true);
  streams_[k].graph_node = true;
  return k;
}

void StreamOrder::GraphStarts(const void* start, const void* stream, bool nonblocking) {
  const unsigned s = Index(stream, nonblocking);
  BeforeOperation(s);
  const unsigned g = GraphIndex(start);
  Join(streams_[g].known, Completed(s));
}

void StreamOrder::NodeAfter(const void* node, const void* before) {
  const unsigned b = GraphIndex(before);
  const unsigned n = GraphIndex(node);
  Join(streams_[n].known, Completed(b));
}

void StreamOrder::GraphEnds(const void* stream, bool nonblocking, const void* node) {
  const unsigned s = Index(stream, nonblocking);
  Join(streams_[s].known, Completed(GraphIndex(node)));
}

void StreamOrder::HostWaitedForEvent(const void* event) {
  auto it = events_.find(event);
  if (it != events_.end()) Join(host_, it->second);
}

void StreamOrder::HostWaitedForDevice() {
  for (unsigned s = 0; s < streams_.size(); ++s) Join(host_, Completed(s));
}

}  // namespace warpsafe::engine::race
