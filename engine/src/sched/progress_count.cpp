// The process-wide progress count as per-thread slots (progress_count.h).
#include "sched/progress_count.h"

namespace warpsafe::engine {

namespace progress_count_detail {
namespace {
// Enough for a worker per core on large hosts and the program's own host threads; a thread past
// them shares g_shared_slot.
constexpr unsigned kSlots = 256;
Slot g_slots[kSlots];
std::atomic<unsigned> g_claimed{0};
}  // namespace

Slot g_shared_slot;
// A slot is never given back: a pool thread lives as long as the process, and a host thread that
// ends leaves its count in the sum, which only has to change when something happens.
thread_local Slot* t_slot = nullptr;

Slot* ClaimSlot() {
  const unsigned i = g_claimed.fetch_add(1, std::memory_order_relaxed);
  t_slot = i < kSlots ? &g_slots[i] : &g_shared_slot;
  return t_slot;
}
}  // namespace progress_count_detail

std::uint64_t ProgressCount() {
  using namespace progress_count_detail;
  std::uint64_t sum = g_shared_slot.count.load(std::memory_order_relaxed);
  const unsigned claimed = g_claimed.load(std::memory_order_relaxed);
  for (unsigned i = 0; i < claimed && i < kSlots; ++i) sum += g_slots[i].count.load(std::memory_order_relaxed);
  return sum;
}

}  // namespace warpsafe::engine
