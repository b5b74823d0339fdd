// Asynchronous barriers (PTX mbarrier objects, what cuda::barrier<thread_scope_block> in shared
// memory is made of) and asynchronous copies (cp.async, cp.async.bulk, the __pipeline_*
// primitives), as the engine runs them for one block (docs/semantics/async.md).
//
// - An mbarrier is an object in the block's shared memory, known here by its host address. Its
//   state (expected arrivals, arrivals still missing, transaction count, completed phases) lives in
//   this table, not in its 8 bytes, which the GPU keeps opaque too. A phase completes when its
//   missing arrivals and its transaction count are both zero (ASYNC-BAR-1).
// - A thread that waits for a phase that has not completed is blocked like a thread at
//   __syncthreads: the phase completes and wakes it, or, when no thread of the block can run any
//   more, the block is reported as a deadlock with where every thread waits (ASYNC-BAR-2).
// - An asynchronous copy does not land when it is issued: it is performed when its completion
//   becomes visible (cp.async.wait_group/wait_all for the issuing thread's groups, the completion
//   of the mbarrier phase it is attached to). Until then its destination holds what it held before
//   (in a checked build, poison if nothing wrote it), so a read before the wait reads stale or
//   uninitialised data, and `warpsafe check` reports it (ASYNC-COPY-1).
//
// Contract: every function is called from a lane of the block being run, on its own fiber
// (the PTX instructions and the __pipeline_* primitives). The table is per Block object and per
// worker thread; BlockStarted() empties it when the Block starts a new thread block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {
class Block;
struct Lane;
}  // namespace warpsafe::engine

namespace warpsafe::engine::async {

// One asynchronous copy from global to shared memory: `size` bytes, of which the first
// `src_size` come from `src` and the rest are zero.
struct Copy {
  unsigned char* dst;
  const unsigned char* src;
  std::uint32_t size;
  std::uint32_t src_size;
  std::uintptr_t pc;  // the issuing statement, for the race detector's reports
  bool bulk;          // cp.async.bulk: counts against its mbarrier's transaction count
  bool done;
};

struct MBarrier {
  std::uint32_t expected = 0;  // arrivals a phase needs (less those dropped by arrive_drop)
  std::uint32_t missing = 0;   // arrivals the current phase still needs
  std::int64_t tx = 0;         // transaction count of the current phase (expect_tx adds, copies subtract)
  std::uint64_t phase = 0;     // phases completed since init
  std::uint32_t drops = 0;     // arrive_drop calls in the current phase: the next phase expects fewer
  std::vector<std::size_t> copies;  // copies the current phase waits for (indices into copies_)
};

// A first-in first-out queue in one power-of-two ring that only grows: once it has grown to what a
// thread keeps in flight, pushing and popping allocate nothing, and clear() keeps the storage for
// the worker's next thread block (a std::deque allocated a chunk per queue at every block start).
template <class T>
class Ring {
 public:
  bool empty() const { return head_ == tail_; }
  std::size_t size() const { return tail_ - head_; }
  const T& front() const { return slots_[head_ & mask_]; }
  const T& operator[](std::size_t k) const { return slots_[(head_ + k) & mask_]; }
  void pop_front() { ++head_; }
  void push_back(T v) {
    if (size() == slots_.size()) Grow();
    slots_[tail_++ & mask_] = v;
  }
  void clear() { head_ = tail_ = 0; }

 private:
  void Grow() {
    std::vector<T> bigger(slots_.empty() ? 8 : slots_.size() * 2);
    for (std::size_t k = 0; k < size(); ++k) bigger[k] = (*this)[k];
    tail_ = size();
    head_ = 0;
    slots_.swap(bigger);
    mask_ = slots_.size() - 1;
  }
  std::vector<T> slots_;
  std::size_t mask_ = 0;
  std::size_t head_ = 0;  // positions count up for ever; a slot is position & mask_
  std::size_t tail_ = 0;
};

// What one thread's asynchronous copies are waiting for: its copies not yet waited for, in issue
// order (the committed groups' first, oldest group first, then the uncommitted ones), and the size
// of each committed group. Two flat queues rather than a container per group: a thread that issues,
// commits and waits in a loop then allocates nothing once the queues have grown.
struct LaneCopies {
  Ring<std::size_t> copies;
  Ring<std::uint32_t> group_sizes;
  std::size_t committed = 0;  // copies in committed groups: the first `committed` of `copies`
  void clear() {
    copies.clear();
    group_sizes.clear();
    committed = 0;
  }
};

class BlockAsync {
 public:
  void Reset(unsigned threads);

  // ---- mbarrier (PTX ISA, "Parallel Synchronization and Communication Instructions: mbarrier") ----
  void Init(Lane& self, void* bar, std::uint32_t count, Site site);
  void Inval(void* bar);
  // An arrive-on of `count` arrivals (none for expect_tx alone). Returns the state token of the
  // phase arrived on. `no_complete`: the arrival must not complete the phase (.noComplete).
  std::uint64_t Arrive(Lane& self, void* bar, std::uint32_t count, bool drop, bool no_complete, Site site);
  void ExpectTx(Lane& self, void* bar, std::int64_t bytes, Site site);
  // Whether the phase the token names (or, `parity`, the phase of that parity) has completed.
  // Non-blocking; a false answer is a scheduling point (a spin lets others run). A thread that
  // keeps polling one phase (kSpinPolls false answers in a row, no other mbarrier operation of its
  // own in between) is taken to be spinning on it and waits as try_wait does: delaying a thread is
  // always allowed, and a phase that can never complete is then a deadlock, not a livelock.
  bool TestWait(Lane& self, void* bar, std::uint64_t token, bool parity, Site site);
  // try_wait: blocks the caller until that phase has completed (a deadlock when it never can).
  void Wait(Lane& self, void* bar, std::uint64_t token, bool parity, Site site);
  static std::uint32_t PendingCount(std::uint64_t token) { return static_cast<std::uint32_t>(token >> 32) & 0xfffff; }

  // ---- asynchronous copies ----
  // cp.async (and __pipeline_memcpy_async): queued as the caller's uncommitted copy.
  void IssueCopy(Lane& self, void* dst, const void* src, std::uint32_t size, std::uint32_t src_size, std::uintptr_t pc);
  // cp.async.bulk global -> shared, completing `size` bytes of transactions on mbarrier `bar`.
  void IssueBulkCopy(Lane& self, void* dst, const void* src, std::uint32_t size, void* bar, std::uintptr_t pc,
                     Site site);
  void Commit(Lane& self);
  // Waits until at most `pending` of the caller's committed groups are incomplete (wait_group N);
  // wait_all also completes the uncommitted copies.
  void WaitGroups(Lane& self, unsigned pending, bool all);
  // cp.async.mbarrier.arrive: the caller's incomplete copies complete no later than the current
  // phase of `bar`; without `noinc` the arrival it triggers is counted in advance (no net change).
  void ArriveOnCopies(Lane& self, void* bar, bool noinc, Site site);

 private:
  MBarrier& Find(Lane& self, void* bar, Site site, const char* what);
  // Performs copy `i` if not done yet (may be a scheduling point in a checked build).
  void Perform(std::size_t i);
  // Completes the phase when nothing is missing; wakes the waiters whose phase it was.
  void TryComplete(std::uintptr_t key, MBarrier& b);
  bool PhaseDone(const MBarrier& b, std::uint64_t token, bool parity) const;

  std::unordered_map<std::uintptr_t, MBarrier> barriers_;
  std::vector<Copy> copies_;
  std::vector<LaneCopies> lanes_;
  // Each thread's run of failed test_waits: on which barrier and phase, and how many.
  struct Poll {
    std::uintptr_t bar = 0;
    std::uint64_t token = 0;
    unsigned count = 0;
  };
  static constexpr unsigned kSpinPolls = 64;
  std::vector<Poll> polls_;
  struct Waiter {
    Lane* lane;
    std::uintptr_t bar;
    std::uint64_t token;
    bool parity;
  };
  std::vector<Waiter> waiters_;
};

// The table of `block` (created on first use).
BlockAsync& Of(Block& block);
// `block` starts a new thread block: its table is emptied.
void BlockStarted(Block& block);

}  // namespace warpsafe::engine::async
