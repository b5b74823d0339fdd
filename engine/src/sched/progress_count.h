// The process-wide progress count that a spinning block's livelock check watches (sched/stuck.cpp):
// it changes whenever some block makes progress that other blocks may wait for (a modifying atomic
// on global memory, a store with release or relaxed semantics, a finished block, a grid.sync()).
//
// It is a sum of per-thread counts, each in a cache line of its own that only its thread writes.
// One shared counter bumped by every worker put every worker's global atomics on one cache line:
// 16 workers took as long as one on 16 blocks that each update their own global counter
// (bench/block_memory_bench.cpp, AtomicWorkers). Reading the count (the livelock check, after
// --livelock-steps steps without progress, and a block's start) sums the lines.
#pragma once

#include <atomic>
#include <cstdint>

namespace warpsafe::engine {

namespace progress_count_detail {
struct alignas(64) Slot {
  std::atomic<std::uint64_t> count{0};
};
// The calling thread's own slot, or the shared one when every slot is taken (then a locked add).
Slot* ClaimSlot();
extern Slot g_shared_slot;
extern thread_local Slot* t_slot;
}  // namespace progress_count_detail

// Some block made progress that others may see.
inline void BumpProgressCount() {
  using namespace progress_count_detail;
  Slot* s = t_slot;
  if (__builtin_expect(s == nullptr, 0)) s = ClaimSlot();
  if (__builtin_expect(s != &g_shared_slot, 1)) {
    // This thread alone writes its slot: a plain add, no locked instruction.
    s->count.store(s->count.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  } else {
    s->count.fetch_add(1, std::memory_order_relaxed);
  }
}

// The count now: it differs from an earlier reading when some thread has bumped it since.
std::uint64_t ProgressCount();

}  // namespace warpsafe::engine
