// MEM-5: a math-library call as device work. The engine's libraries compute on the host inside the
// call, but on a GPU the call only issues kernels to its stream. So under `warpsafe check` each
// operand is an access of device memory by work on that stream: it races with the last launch when
// nothing ordered the two (another stream, no wait by the host, no event), and with the next launch
// likewise; and a read of cudaMalloc memory nothing wrote reads undefined bytes (MEM-3).
#include <execinfo.h>

#include <algorithm>

#include "cuda_runtime_api.h"
#include "race/detector.h"
#include "race/race.h"
#include "race/stream_order.h"
#include "runtime/allocations.h"
#include "runtime/streams.h"
#include "sched/block.h"

namespace warpsafe::engine::race {
namespace {

// The return addresses of the calls that led here, innermost first: the program's own line is the
// caller of the library's entry point among them, found only when a report is written.
std::vector<std::uintptr_t> Callers() {
  void* frames[24];
  const int n = backtrace(frames, 24);
  std::vector<std::uintptr_t> out;
  for (int i = 0; i < n; ++i) out.push_back(reinterpret_cast<std::uintptr_t>(frames[i]));
  return out;
}

bool IsLegacyDefault(cudaStream_t s) { return s == nullptr || s == cudaStreamLegacy; }
bool IsBlocking(cudaStream_t s) {
  if (s == cudaStreamPerThread) return true;
  if (!runtime::IsValidStream(s)) return false;  // a destroyed stream: nothing to ask
  unsigned flags = 0;
  return cudaStreamGetFlags(s, &flags) == cudaSuccess && (flags & cudaStreamNonBlocking) == 0;
}

}  // namespace

bool Detector::StreamOrdered(cudaStream_t earlier, cudaStream_t later) {
  if (earlier == later) return true;
  if (IsLegacyDefault(earlier)) return IsBlocking(later);
  if (IsLegacyDefault(later)) return IsBlocking(earlier);
  return false;
}

void Detector::StreamWaited(cudaStream_t stream) {
  if (std::find(waited_streams_.begin(), waited_streams_.end(), stream) == waited_streams_.end())
    waited_streams_.push_back(stream);
}

void Detector::LibraryAccess(const LibraryUse& use, std::uintptr_t a, std::size_t size) {
  FlushRace();
  if (size == 0) return;
  const std::uintptr_t end = a + size;
  // Against the last launch, until the host waits for it (as MEM-4 does for the host's accesses).
  const bool waited = std::find(waited_streams_.begin(), waited_streams_.end(), use.stream) != waited_streams_.end();
  // A copy asks the stream order about the launch of each access (STREAM-6): the shadow may hold
  // several launches', one of them on the copy's own stream. So does a graph node's library work,
  // which the graph's edges order (GRAPH-ORDER-1).
  if ((use.copy || use.order_key != nullptr) && launched_) {
    StreamOrder& order = GetStreamOrder();
    const bool nonblocking = runtime::IsNonBlockingStream(use.stream);
    for (std::uintptr_t g = a & ~std::uintptr_t{kGranule - 1}; g < end; g += kGranule) {
      const Cell* cell = global_.Find(g);
      if (cell == nullptr) continue;
      const unsigned lo = static_cast<unsigned>(std::max(a, g) - g);
      const unsigned hi = static_cast<unsigned>(std::min(end, g + kGranule) - g);
      const auto mask = static_cast<std::uint8_t>(((1u << hi) - 1) & ~((1u << lo) - 1));
      for (const Slot& s : cell->slots) {
        if ((s.flags & Slot::kValid) == 0 || (s.mask & mask) == 0) continue;
        if (!use.write && (s.flags & Slot::kWrite) == 0) continue;  // two reads never conflict
        const LaunchInfo* launch = LaunchOfBlock(s.block);
        if (launch == nullptr) continue;
        if (use.order_key != nullptr ? order.OrderedBeforeNext(launch->id, use.order_key, true)
                                     : order.OrderedBeforeNext(launch->id, use.stream, nonblocking)) {
          continue;
        }
        ReportLibraryAfterKernel(use, Callers(), a, size, s);
      }
    }
  } else if (launched_ && LastLaunchUnsynchronized() && !waited &&
             !StreamOrdered(launch_stream_, use.stream)) {
    for (std::uintptr_t g = a & ~std::uintptr_t{kGranule - 1}; g < end; g += kGranule) {
      const Cell* cell = global_.Find(g);
      if (cell == nullptr) continue;
      const unsigned lo = static_cast<unsigned>(std::max(a, g) - g);
      const unsigned hi = static_cast<unsigned>(std::min(end, g + kGranule) - g);
      const auto mask = static_cast<std::uint8_t>(((1u << hi) - 1) & ~((1u << lo) - 1));
      for (const Slot& s : cell->slots) {
        if ((s.flags & Slot::kValid) == 0 || (s.mask & mask) == 0) continue;
        if (!use.write && (s.flags & Slot::kWrite) == 0) continue;  // two reads never conflict
        ReportLibraryAfterKernel(use, Callers(), a, size, s);
      }
    }
  }
  // MEM-3: an operand none of whose bytes anything wrote. (Operands are spans: a matrix's padding
  // between columns is part of it, so only a wholly unwritten operand is taken as uninitialized.)
  const GlobalRange* range = GetMemoryMap().FindAllocation(a);
  if (range != nullptr && range->written != nullptr) {
    const std::size_t offset = a - range->base;
    const std::size_t inside = std::min(size, range->size - std::min(range->size, offset));
    if (use.read && !range->written->None(offset, inside)) {
      // Written somewhere: nothing to report.
    } else if (use.read && !use.copy) {  // a copy of unwritten bytes only moves them (MEM-3 reads)
      const auto* bytes = reinterpret_cast<const unsigned char*>(a);
      bool fresh = true;
      for (std::size_t i = 0; i < inside && fresh; ++i) fresh = bytes[i] == runtime::kUninitializedByte;
      if (fresh) ReportLibraryUninitialized(use, Callers(), a, size, range);
    }
    if (use.write) range->written->Mark(offset, inside);
  }
  // A bounded record: a program that issues library calls without ever waiting keeps the most
  // recent ones (an older one forgotten may hide a race, never invent one).
  constexpr std::size_t kMaxRecorded = 4096;
  if (library_uses_.size() == kMaxRecorded) library_uses_.erase(library_uses_.begin());
  library_uses_.push_back(LibraryRange{use, use.call, use.operand, a, end, Callers()});
}

void Detector::CheckLibraryUses(Lane& lane, std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc) {
  for (const LibraryRange& r : unordered_library_) {
    if (a + size <= r.begin || a >= r.end) continue;
    if (!write && !r.use.write) continue;
    LibraryRange found = r;
    found.use.call = found.call.c_str();
    found.use.operand = found.operand.c_str();
    ReportKernelAfterLibrary(lane, found, a, size, write, pc);
  }
}

}  // namespace warpsafe::engine::race
