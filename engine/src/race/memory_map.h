// Which memory an instrumented access touches, from the checker's point of view:
//   - the lane's own fiber stack (private: ignored),
//   - the running block's shared-memory arena,
//   - global memory: a runtime allocation (cudaMalloc, managed, mapped host; the runtime's table,
//     mirrored here through SetAllocationHook so that lookups take no lock), or the program's
//     static storage (__device__ / __constant__ variables),
//   - anything else (the engine's own objects that header code reads, host memory): ignored.
// An access in the redzone before or after a runtime allocation is attributed to that allocation,
// so it can be reported as out of bounds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "race/written_bytes.h"
#include "runtime/allocations.h"

namespace warpsafe::engine::race {

struct GlobalRange {
  std::uintptr_t base;
  std::size_t size;        // as requested
  std::uintptr_t limit;    // end of the block including its redzone: [base + size, limit) is out of bounds
  AllocationKind kind;
  std::uint64_t ordinal;  // AllocationInfo::ordinal and ::callers: what names it in reports
  CallChain callers;
  // kDevice blocks: which bytes were written (written_bytes.h); shared by the copies of this entry.
  std::shared_ptr<WrittenBytes> written;
  std::uintptr_t start = 0;  // start of its redzone before it: [start, base) is out of bounds
  bool Contains(std::uintptr_t a, std::size_t size) const { return a >= base && a + size <= base + this->size; }
};

class MemoryMap {
 public:
  // Starts mirroring the runtime's allocation table (idempotent).
  void Install();
  // The runtime allocation whose [base, limit) contains `address`, or null.
  const GlobalRange* FindAllocation(std::uintptr_t address) const {
    if (address < lo_ || address >= hi_) return nullptr;
    auto it = std::upper_bound(ranges_.begin(), ranges_.end(), address,
                               [](std::uintptr_t a, const GlobalRange& r) { return a < r.base; });
    if (it != ranges_.end() && address >= it->start) return &*it;  // the redzone before it
    if (it == ranges_.begin()) return nullptr;
    --it;
    return address < it->limit ? &*it : nullptr;
  }
  // True for the program's own static storage: __device__ and __constant__ variables.
  static bool IsStatic(std::uintptr_t address);
  // Something (the runtime, a kernel) wrote [address, address + size): recorded if it is in a
  // kDevice block.
  void Written(std::uintptr_t address, std::size_t size) {
    const GlobalRange* r = FindAllocation(address);
    if (r != nullptr && r->written != nullptr && address < r->base + r->size) r->written->Mark(address - r->base, size);
  }

  // The runtime's live blocks, sorted by address.
  const std::vector<GlobalRange>& ranges() const { return ranges_; }

  void Added(const AllocationInfo& info);
  void Removed(const AllocationInfo& info);

 private:
  void Bounds();
  std::vector<GlobalRange> ranges_;  // sorted by base
  std::uintptr_t lo_ = 0;
  std::uintptr_t hi_ = 0;
  bool installed_ = false;
};

MemoryMap& GetMemoryMap();

// "cudaMalloc block of 4096 bytes (the program's 2nd allocation, made at scan.cu:31)" (findings.cpp).
std::string DescribeAllocation(const GlobalRange& range);

}  // namespace warpsafe::engine::race
