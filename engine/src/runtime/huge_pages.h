// Device memory on huge pages.
//
// A GPU maps device memory in large pages (2 MB and up), so a kernel that reads a buffer of
// hundreds of megabytes at random pays little for address translation there. On the CPU the same
// buffer in 4 KB pages misses the TLB on almost every access, and in a virtual machine each miss
// is a two-level page walk: on the engine's own machine (a VM) random read-modify-writes over
// 256 MB cost about 70 ns each on small pages and 23 on huge ones (bench/runtime_bench.cpp,
// BENCHMARKS.md); on a bare host the difference can be nil. Linux backs an anonymous range with
// transparent huge pages when the range is advised so (MADV_HUGEPAGE), whether the system's policy
// is `always` or `madvise`; under `never`, or without them, the advice is refused and the memory
// stays in small pages, which changes nothing but speed.
#pragma once

#include <cstddef>

namespace warpsafe::engine::runtime {

// The page size the advice is about, and the alignment a large allocation is given so that all of
// it but its red zones can be covered.
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
// Blocks below this size stay on small pages: the advice would cover little of them, and the
// kernel may spend time compacting memory to find a free huge page.
inline constexpr std::size_t kHugePageMinimumBlock = 2 * kHugePageBytes;

// Advises the whole huge pages inside [p, p + bytes) to be backed by huge pages. Returns how many
// bytes the advice covered: 0 when the range holds no whole huge page or the system refused.
// Contract: call it before the range is first touched (a page already backed by small pages is only
// collapsed later, if ever, by the kernel's background scan).
std::size_t AdviseHugePages(void* p, std::size_t bytes);

}  // namespace warpsafe::engine::runtime
