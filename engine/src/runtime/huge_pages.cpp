// Device memory on huge pages (huge_pages.h).
#include "runtime/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace warpsafe::engine::runtime {

std::size_t AdviseHugePages(void* p, std::size_t bytes) {
  const auto begin = reinterpret_cast<std::uintptr_t>(p);
  if (begin + bytes < begin) return 0;  // a range that wraps is no range of ours
  const std::uintptr_t first = (begin + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  const std::uintptr_t last = (begin + bytes) / kHugePageBytes * kHugePageBytes;
  if (first >= last) return 0;
#ifdef MADV_HUGEPAGE
  // The range is the allocator's, already mapped read-write; madvise only sets a flag on it.
  if (madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE) == 0) return last - first;
#endif
  return 0;
}

}  // namespace warpsafe::engine::runtime
