// The allocation table (allocations.h): an ordered map from base address to allocation, under one
// mutex. Lookups are O(log n). API calls and the checker change and read it; device code reads it too
// (__isGlobal), so each thread remembers its last answer until the table changes.
#include "runtime/allocations.h"
#include "runtime/graph_allocations.h"

#include <execinfo.h>
#include <sys/mman.h>
#include <unistd.h>

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

// Guarded blocks (allocations.h, kGuardedBlockLimit). The mapping is whole pages: the block's
// leading red zone, the block rounded up, its trailing red zone, placed so that the trailing red
// zone ends where kGuardBytes of inaccessible pages begin. The guard is large because a grid
// that runs past a block usually does so with many threads at once, in any order, each element
// further on: the first to fault must be the first to go past, not one that already reached the
// mapping after the guard. It costs address space only, in one mapping. Everything about the
// layout follows from the block's size, so freeing needs no record of it.
std::atomic<std::size_t> g_guarded_blocks{0};
std::size_t PageBytes() {
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return page;
}
std::size_t RoundedSize(std::size_t size) {
  return (size + runtime::kAllocationAlignment - 1) / runtime::kAllocationAlignment * runtime::kAllocationAlignment;
}
// The accessible bytes of the mapping of a block whose red zones and rounded size add up to `total`.
std::size_t GuardedDataBytes(std::size_t total) { return (total + PageBytes() - 1) / PageBytes() * PageBytes(); }
constexpr std::size_t kGuardBytes = std::size_t{1} << 20;
// The start of the leading red zone of a new guarded block of `total` bytes, or null.
unsigned char* MapGuarded(std::size_t total) {
  const std::size_t data = GuardedDataBytes(total);
  void* m = mmap(nullptr, data + kGuardBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (m == MAP_FAILED) return nullptr;
  if (mprotect(static_cast<unsigned char*>(m) + data, kGuardBytes, PROT_NONE) != 0) {
    munmap(m, data + kGuardBytes);
    return nullptr;
  }
  return static_cast<unsigned char*>(m) + data - total;
}
// The start of the inaccessible pages after a guarded block.
const unsigned char* GuardPage(const AllocationInfo& info) {
  return static_cast<const unsigned char*>(info.base) + RoundedSize(info.size) + runtime::kRedzoneBytes;
}
// Gives a block Allocate made back: its mapping, or to the C allocator.
void FreeBlock(const AllocationInfo& info) {
  auto* raw = static_cast<unsigned char*>(info.base) - runtime::kRedzoneBytes;
  if (!info.guarded) {
    std::free(raw);
    return;
  }
  const std::size_t total = RoundedSize(info.size) + 2 * runtime::kRedzoneBytes;
  const std::size_t data = GuardedDataBytes(total);
  munmap(raw + total - data, data + kGuardBytes);
  g_guarded_blocks.fetch_sub(1);
}

// The first byte of `info`'s red zones (the kRedzoneBytes before the block and after its size
// rounded up to kAllocationAlignment, all filled with kUninitializedByte by Allocate) that holds
// something else, as an offset from the base. The rounding's slack is not looked at. Caller holds
// g_mutex, so the block cannot be freed meanwhile.
bool FirstChangedRedzoneByte(const AllocationInfo& info, std::ptrdiff_t* offset) {
  using runtime::kAllocationAlignment;
  using runtime::kGraphOwnedFlag;
  using runtime::kRedzoneBytes;
  using runtime::kUninitializedByte;
  if (!Owned(info.kind) || (info.flags & kGraphOwnedFlag) != 0) return false;
  const std::size_t rounded = (info.size + kAllocationAlignment - 1) / kAllocationAlignment * kAllocationAlignment;
  const auto* base = static_cast<const unsigned char*>(info.base);
  const std::ptrdiff_t zones[2] = {-static_cast<std::ptrdiff_t>(kRedzoneBytes), static_cast<std::ptrdiff_t>(rounded)};
  constexpr std::uint64_t kFilled = 0x0101010101010101ull * kUninitializedByte;
  for (const std::ptrdiff_t start : zones) {
    for (std::size_t word = 0; word < kRedzoneBytes; word += 8) {
      std::uint64_t v;
      std::memcpy(&v, base + start + word, 8);
      if (v == kFilled) continue;
      for (std::size_t b = word;; ++b) {
        if (base[start + static_cast<std::ptrdiff_t>(b)] != kUninitializedByte) {
          *offset = start + static_cast<std::ptrdiff_t>(b);
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace

namespace runtime {

bool FindDamagedRedzone(std::size_t max_blocks, DamagedRedzone* out) {
  std::lock_guard<std::mutex> lock(g_mutex);
  std::size_t seen = 0;
  for (const auto& [base, info] : Table()) {
    if (seen++ == max_blocks) break;
    if (FirstChangedRedzoneByte(info, &out->offset)) {
      out->info = info;
      return true;
    }
  }
  return false;
}

bool FindGuardedBlock(const void* address, AllocationInfo* out, std::ptrdiff_t* offset) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto& table = Table();
  const auto* a = static_cast<const unsigned char*>(address);
  auto above = table.upper_bound(reinterpret_cast<const char*>(a));
  if (above == table.begin()) return false;
  const AllocationInfo& info = std::prev(above)->second;
  const unsigned char* guard = GuardPage(info);
  if (!info.guarded || a < guard || a >= guard + kGuardBytes) return false;
  const auto* end = static_cast<const unsigned char*>(info.base) + info.size;
  // The guard may end where another block's mapping starts: an index before that block's start
  // lands here too. The nearer of the two blocks is the one the access missed.
  if (above != table.end()) {
    const auto* next = reinterpret_cast<const unsigned char*>(above->first);
    if (next - a < a - end) {
      *out = above->second;
      *offset = a - next;
      return true;
    }
  }
  *out = info;
  *offset = a - static_cast<const unsigned char*>(info.base);
  return true;
}

bool RedzoneDamaged(const void* base, DamagedRedzone* out) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto& table = Table();
  auto it = table.find(static_cast<const char*>(base));
  if (it == table.end() || !FirstChangedRedzoneByte(it->second, &out->offset)) return false;
  out->info = it->second;
  return true;
}

}  // namespace runtime

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
  unsigned char* raw = nullptr;
  bool guarded = false;
  if (!huge && g_guarded_blocks.fetch_add(1) < kGuardedBlockLimit) {
    raw = MapGuarded(total);
    guarded = raw != nullptr;
  }
  if (!guarded) {
    if (!huge) g_guarded_blocks.fetch_sub(1);
    const std::size_t alignment = huge ? kHugePageBytes : kAllocationAlignment;
    const std::size_t padded = (total + alignment - 1) / alignment * alignment;
    if (padded < total) return nullptr;  // overflow
    raw = static_cast<unsigned char*>(std::aligned_alloc(alignment, padded));
    if (raw == nullptr) return nullptr;
    if (huge) AdviseHugePages(raw, padded);
  }
  std::memset(raw, kUninitializedByte, total);
  void* p = raw + kRedzoneBytes;
  AllocationInfo info{p, size, kind, flags, allocated.fetch_add(1) + 1, callers};
  info.guarded = guarded;
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
  FreeBlock(info);
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
    if (Owned(info.kind) && (info.flags & kGraphOwnedFlag) == 0) FreeBlock(info);
  }
}

}  // namespace runtime
}  // namespace warpsafe::engine
