// The allocation table (allocations.h): an ordered map from base address to allocation, under one
// mutex. Lookups are O(log n). API calls and the checker change and read it; device code reads it too
// (__isGlobal), so each thread remembers its last answer until the table changes.
#include "runtime/allocations.h"
#include "runtime/graph_allocations.h"

#include <execinfo.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>

#include "runtime/host_memory.h"
#include "runtime/huge_pages.h"
#include "runtime/runtime_state.h"

namespace warpsafe::engine {
namespace {

std::mutex g_mutex;
std::atomic<AllocationHook> g_hook{nullptr};

void Notify(const AllocationInfo& info, bool live) {
  if (AllocationHook hook = g_hook.load(std::memory_order_acquire)) hook(info, live);
}
std::map<const char*, AllocationInfo>& Table() {
  static auto* table = new std::map<const char*, AllocationInfo>();  // outlives static destructors
  return *table;
}

// The entry containing p, or end(). Caller holds g_mutex.
std::map<const char*, AllocationInfo>::iterator Containing(const void* p) {
  auto& table = Table();
  const char* c = static_cast<const char*>(p);
  auto it = table.upper_bound(c);
  if (it == table.begin()) return table.end();
  --it;
  const char* base = static_cast<const char*>(it->second.base);
  // A zero-sized symbol still contains its own address.
  if (c == base || c < base + it->second.size) return it;
  return table.end();
}

// Bumped (under g_mutex) by every change of the table. A lookup's answer stays right until the
// next change, which is what the per-thread memo below relies on.
std::atomic<std::uint64_t> g_generation{1};
void Changed() { g_generation.fetch_add(1, std::memory_order_release); }

// The last answers FindAllocation gave on this thread, each for the range of addresses it holds
// for: the allocation found, or the gap between two allocations where none was. Device code asks
// about the same few buffers over and over (libcu++'s memcpy_async asks __isGlobal of every source,
// and a tiled kernel copies from two or three matrices in turn), and the lookup's mutex, shared by
// every worker, cost more than the copy; a hit reads the generation and writes nothing shared.
// Several entries, not one: a kernel alternating between two buffers missed a one-entry memo at
// every call and took the mutex each time.
struct MemoEntry {
  std::uint64_t generation = 0;  // 0: empty
  const char* lo = nullptr;      // the range [lo, hi) the answer holds for
  const char* hi = nullptr;
  bool found = false;
  AllocationInfo info{};
};
struct Memo {
  static constexpr unsigned kEntries = 4;
  MemoEntry entries[kEntries];
  unsigned next = 0;  // the entry the next miss replaces (round robin)
};
thread_local Memo t_memo;

bool Owned(AllocationKind kind) {
  return kind == AllocationKind::kDevice || kind == AllocationKind::kManaged || kind == AllocationKind::kPinnedHost;
}

}  // namespace

CallChain CallersOfApi() {
  // frames[0] is here, [1] the API entry point, [2] its caller, ...
  void* frames[CallChain::kDepth + 2];
  const int n = backtrace(frames, CallChain::kDepth + 2);
  CallChain chain;
  for (int i = 2; i < n; ++i) chain.pc[i - 2] = frames[i];
  return chain;
}

void SetAllocationHook(AllocationHook hook) { g_hook.store(hook, std::memory_order_release); }

bool FindAllocation(const void* p, AllocationInfo* out) {
  const char* c = static_cast<const char*>(p);
  Memo& memo_set = t_memo;
  const std::uint64_t generation = g_generation.load(std::memory_order_acquire);
  for (const MemoEntry& e : memo_set.entries) {
    if (e.generation == generation && c >= e.lo && c < e.hi) {
      if (e.found && out != nullptr) *out = e.info;
      return e.found;
    }
  }
  MemoEntry& memo = memo_set.entries[memo_set.next];
  memo_set.next = (memo_set.next + 1) % Memo::kEntries;
  std::lock_guard<std::mutex> lock(g_mutex);
  memo.generation = g_generation.load(std::memory_order_relaxed);
  auto& table = Table();
  auto it = Containing(p);
  if (it != table.end()) {
    memo.found = true;
    memo.info = it->second;
    memo.lo = it->first;
    memo.hi = it->first + (it->second.size == 0 ? 1 : it->second.size);
    if (out != nullptr) *out = it->second;
    return true;
  }
  // The gap around p: from the end of the allocation below it to the start of the one above.
  memo.found = false;
  auto above = table.upper_bound(c);
  memo.hi = above == table.end() ? reinterpret_cast<const char*>(~std::uintptr_t{0}) : above->first;
  memo.lo = nullptr;
  if (above != table.begin()) {
    auto below = std::prev(above);
    memo.lo = below->first + (below->second.size == 0 ? 1 : below->second.size);
  }
  if (c < memo.lo || c >= memo.hi) memo.generation = 0;  // p at the edge of a wrap: no memo
  return false;
}

namespace runtime {

void* Allocate(std::size_t size, AllocationKind kind, unsigned flags, const CallChain& callers) {
  static std::atomic<std::uint64_t> allocated{0};
  const std::size_t rounded = (size + kAllocationAlignment - 1) / kAllocationAlignment * kAllocationAlignment;
  if (rounded < size) return nullptr;  // overflow
  const std::size_t total = rounded + 2 * kRedzoneBytes;  // red zones before and after
  if (total < rounded) return nullptr;  // overflow
  // Every byte is filled below: a block the machine cannot back must fail here, not bring the OOM
  // killer (host_memory.h). Small blocks skip the look-up (it reads /proc).
  constexpr std::size_t kLargeBlock = std::size_t{64} << 20;
  if (rounded >= kLargeBlock && total > HostMemoryAvailableBytes()) return nullptr;
  // A large block starts on a huge page and is advised onto huge pages before the fill below
  // touches it (huge_pages.h). aligned_alloc wants a size that is a multiple of the alignment.
  const bool huge = total >= kHugePageMinimumBlock;
  const std::size_t alignment = huge ? kHugePageBytes : kAllocationAlignment;
  const std::size_t padded = (total + alignment - 1) / alignment * alignment;
  if (padded < total) return nullptr;  // overflow
  auto* raw = static_cast<unsigned char*>(std::aligned_alloc(alignment, padded));
  if (raw == nullptr) return nullptr;
  if (huge) AdviseHugePages(raw, padded);
  std::memset(raw, kUninitializedByte, total);
  void* p = raw + kRedzoneBytes;
  const AllocationInfo info{p, size, kind, flags, allocated.fetch_add(1) + 1, callers};
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    Table()[static_cast<const char*>(p)] = info;
    Changed();
  }
  Notify(info, true);
  return p;
}

bool Release(void* p, unsigned kinds) {
  AllocationInfo info;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto& table = Table();
    auto it = table.find(static_cast<const char*>(p));
    if (it == table.end() || !Owned(it->second.kind) || (kinds & KindBit(it->second.kind)) == 0) return false;
    info = it->second;
    table.erase(it);
    Changed();
  }
  Notify(info, false);
  // A graph allocation's memory stays with its graph, which makes it live again at its next launch.
  if ((info.flags & kGraphOwnedFlag) != 0) return true;
  std::free(static_cast<unsigned char*>(p) - kRedzoneBytes);  // the block starts after its red zone
  return true;
}

bool Retire(void* p) {
  AllocationInfo info;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto& table = Table();
    auto it = table.find(static_cast<const char*>(p));
    if (it == table.end() || (it->second.flags & kGraphOwnedFlag) == 0) return false;
    info = it->second;
    table.erase(it);
    Changed();
  }
  Notify(info, false);
  return true;
}

bool Reinstate(const AllocationInfo& info) {
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto& table = Table();
    if (table.count(static_cast<const char*>(info.base)) != 0) return false;
    table[static_cast<const char*>(info.base)] = info;
    Changed();
  }
  std::memset(info.base, kUninitializedByte, info.size);
  Notify(info, true);
  return true;
}

bool Register(void* base, std::size_t size, AllocationKind kind, unsigned flags) {
  const AllocationInfo info{base, size, kind, flags, 0, CallChain{}};
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto& table = Table();
    const char* b = static_cast<const char*>(base);
    auto it = table.find(b);
    if (it != table.end() && kind == AllocationKind::kSymbol && it->second.kind == kind) return true;
    // Reject any overlap with a recorded range.
    auto next = table.lower_bound(b);
    if (next != table.end() && next->first < b + (size == 0 ? 1 : size)) return false;
    if (Containing(base) != table.end()) return false;
    table[b] = info;
    Changed();
  }
  Notify(info, true);
  return true;
}

bool Unregister(void* p) {
  AllocationInfo info;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto& table = Table();
    auto it = table.find(static_cast<const char*>(p));
    if (it == table.end() || it->second.kind != AllocationKind::kRegisteredHost) return false;
    info = it->second;
    table.erase(it);
    Changed();
  }
  Notify(info, false);
  return true;
}

void ResetAllocations() {
  std::map<const char*, AllocationInfo> old;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    old.swap(Table());
    Changed();
  }
  for (auto& [base, info] : old) {
    Notify(info, false);
    if (Owned(info.kind) && (info.flags & kGraphOwnedFlag) == 0) {
      std::free(static_cast<unsigned char*>(info.base) - kRedzoneBytes);
    }
  }
}

}  // namespace runtime
}  // namespace warpsafe::engine
