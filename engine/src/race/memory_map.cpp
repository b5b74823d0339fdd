#include "race/memory_map.h"

#include <algorithm>

#include "runtime/copy_checks.h"

extern "C" char __executable_start[];
extern "C" char _end[];

namespace warpsafe::engine::race {
namespace {

void Hook(const AllocationInfo& info, bool live) {
  if (live) {
    GetMemoryMap().Added(info);
  } else {
    GetMemoryMap().Removed(info);
  }
}

}  // namespace

MemoryMap& GetMemoryMap() {
  static auto* map = new MemoryMap();  // outlives static destructors (the hook may fire late)
  return *map;
}

void MemoryMap::Install() {
  if (installed_) return;
  installed_ = true;
  SetAllocationHook(&Hook);
}

bool MemoryMap::IsStatic(std::uintptr_t address) {
  if (address >= reinterpret_cast<std::uintptr_t>(__executable_start) &&
      address < reinterpret_cast<std::uintptr_t>(_end)) {
    return true;
  }
  // Code compiled at run time (NVRTC) keeps its device variables in the object it was loaded from.
  return runtime::g_loaded_static_ranges.load(std::memory_order_relaxed) != 0 &&
         runtime::IsLoadedStaticStorage(reinterpret_cast<const void*>(address));
}

void MemoryMap::Added(const AllocationInfo& info) {
  // Symbols are static storage (IsStatic); only the runtime's blocks are tracked here.
  if (info.kind == AllocationKind::kSymbol) return;
  const auto base = reinterpret_cast<std::uintptr_t>(info.base);
  std::uintptr_t limit = base + info.size;
  std::uintptr_t start = base;
  const bool owned = info.kind == AllocationKind::kDevice || info.kind == AllocationKind::kManaged ||
                     info.kind == AllocationKind::kPinnedHost;
  if (owned) {
    // The runtime rounds blocks up to kAllocationAlignment and puts kRedzoneBytes before and after
    // them: all of it is ours to watch, none of it belongs to anything else.
    const std::size_t a = runtime::kAllocationAlignment;
    limit = base + (info.size + a - 1) / a * a + runtime::kRedzoneBytes;
    start = base - runtime::kRedzoneBytes;
  }
  GlobalRange r{base, info.size, limit, info.kind, info.ordinal, info.callers, nullptr};
  r.start = start;
  if (info.kind == AllocationKind::kDevice) r.written = std::make_shared<WrittenBytes>(info.size);
  auto it = std::lower_bound(ranges_.begin(), ranges_.end(), base,
                             [](const GlobalRange& x, std::uintptr_t b) { return x.base < b; });
  if (it != ranges_.end() && it->base == base) {
    *it = r;
  } else {
    ranges_.insert(it, r);
  }
  Bounds();
}

void MemoryMap::Removed(const AllocationInfo& info) {
  const auto base = reinterpret_cast<std::uintptr_t>(info.base);
  std::erase_if(ranges_, [&](const GlobalRange& r) { return r.base == base; });
  Bounds();
}

void MemoryMap::Bounds() {
  lo_ = ranges_.empty() ? 0 : ranges_.front().start;
  hi_ = 0;
  for (const GlobalRange& r : ranges_) hi_ = std::max(hi_, r.limit);
}

}  // namespace warpsafe::engine::race
