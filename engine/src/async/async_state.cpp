// The asynchronous barriers and copies of one block (async_state.h, docs/semantics/async.md).
#include "async/async_state.h"

#include <cstring>
#include <memory>
#include <string>

#include "race/detector.h"
#include "race/race.h"
#include "report/report.h"
#include "sched/block.h"

namespace warpsafe::engine::async {
namespace {

// Tables by Block object: a worker runs one block at a time, but the blocks of a cooperative or
// interleaved grid take turns on one worker, each its own Block.
thread_local std::unordered_map<const Block*, std::unique_ptr<BlockAsync>> tls_tables;

std::uintptr_t Key(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// The race detector's view of an mbarrier (warpsafe check): an arrival releases what the thread
// did before it to the threads of the block, and a wait that saw its phase complete acquires what
// every arrival on that barrier released (a fence and an atomic of block scope, SCOPE-2).
void ReleaseAt(Lane& self, void* bar, Site site) {
  if (!race::Enabled()) return;
  self.site = site;
  race::Fence(self, FenceScope::kBlock);
  race::Atomic(self, bar, 8, site, FenceScope::kBlock);
}
void AcquireAt(Lane& self, void* bar, Site site) {
  if (!race::Enabled()) return;
  self.site = site;
  race::Atomic(self, bar, 8, site, FenceScope::kBlock);
  race::Fence(self, FenceScope::kBlock);
}

}  // namespace

// The last table looked up on this thread: a loop of copies in one block asks for the same one at
// every instruction. Entries of tls_tables are never erased, so the pointer stays valid.
thread_local const Block* tls_last_block = nullptr;
thread_local BlockAsync* tls_last_table = nullptr;

BlockAsync& Of(Block& block) {
  if (tls_last_block == &block) return *tls_last_table;
  std::unique_ptr<BlockAsync>& t = tls_tables[&block];
  if (t == nullptr) {
    t = std::make_unique<BlockAsync>();
    t->Reset(block.threads());
  }
  tls_last_block = &block;
  tls_last_table = t.get();
  return *t;
}

void BlockStarted(Block& block) {
  auto it = tls_tables.find(&block);
  if (it != tls_tables.end()) it->second->Reset(block.threads());
}

void BlockAsync::Reset(unsigned threads) {
  barriers_.clear();
  copies_.clear();
  waiters_.clear();
  // Each thread's queues are emptied, not replaced, so that they keep their storage.
  if (lanes_.size() > threads) lanes_.resize(threads);
  for (LaneCopies& l : lanes_) l.clear();
  lanes_.resize(threads);
  polls_.assign(threads, Poll{});
}

MBarrier& BlockAsync::Find(Lane& self, void* bar, Site site, const char* what) {
  auto it = barriers_.find(Key(bar));
  if (it == barriers_.end()) {
    // The GPU keeps an mbarrier's state in its 8 bytes: an object never initialised holds
    // whatever shared memory held, and what the instruction does with it is undefined.
    Report(DefectKind::kUninitializedRead)
        .Where(self.block->Describe(self))
        .AtRunning(site, std::string(what) + " on an mbarrier object that no mbarrier.init (cuda::barrier's init) "
                                      "initialised in this block")
        .Line("an mbarrier must be initialised before any other operation on it (ASYNC-BAR-3)")
        .Emit();
  }
  return it->second;
}

void BlockAsync::Init(Lane& self, void* bar, std::uint32_t count, Site site) {
  if (count == 0 || count > (1u << 20) - 1) {
    Report(DefectKind::kUnsupported)
        .Where(self.block->Describe(self))
        .AtRunning(site, "mbarrier.init with an expected count of " + std::to_string(count))
        .Line("the count must be in [1, 2^20 - 1] (ASYNC-BAR-3)")
        .Emit();
  }
  MBarrier& b = barriers_[Key(bar)];
  b = MBarrier{};
  b.expected = count;
  b.missing = count;
  // Initialisation is a write of the object: later arrivals of the block are ordered after it by
  // whatever made the object visible to them (a __syncthreads), as on a GPU.
  ReleaseAt(self, bar, site);
}

void BlockAsync::Inval(void* bar) { barriers_.erase(Key(bar)); }

std::uint64_t BlockAsync::Arrive(Lane& self, void* bar, std::uint32_t count, bool drop, bool no_complete,
                                 Site site) {
  MBarrier* b = &Find(self, bar, site, drop ? "mbarrier.arrive_drop" : "mbarrier.arrive");
  polls_[self.tid].count = 0;
  if (count > b->missing) {
    Report(DefectKind::kUnsupported)
        .Where(self.block->Describe(self))
        .AtRunning(site, "an arrival of " + std::to_string(count) + " on a phase that misses only " +
                      std::to_string(b->missing))
        .Line("more arrivals than the phase expects leave the mbarrier's state undefined (ASYNC-BAR-3)")
        .Emit();
  }
  // The copies the phase waits for land before the last arrival releases: the threads that see the
  // phase complete see them (performing one may switch lanes in a checked build, so re-find).
  if (count == b->missing && !no_complete) {
    while (!b->copies.empty()) {
      const std::size_t i = b->copies.back();
      b->copies.pop_back();
      Perform(i);
      b = &Find(self, bar, site, "mbarrier.arrive");
    }
  }
  ReleaseAt(self, bar, site);
  // The state token: the phase arrived on (its low 32 bits) and the arrivals it still missed after
  // this one (bits 32-51, what mbarrier.pending_count reads back).
  const std::uint64_t token = static_cast<std::uint32_t>(b->phase);
  b->missing -= count;
  if (drop) ++b->drops;
  const std::uint64_t result = (std::uint64_t{b->missing & 0xfffff} << 32) | token;
  if (b->missing == 0 && no_complete) {
    Report(DefectKind::kUnsupported)
        .Where(self.block->Describe(self))
        .AtRunning(site, "mbarrier.arrive.noComplete completed the phase")
        .Line("a .noComplete arrival must not be the one that completes the phase (ASYNC-BAR-3)")
        .Emit();
  }
  TryComplete(Key(bar), *b);
  self.block->NoteProgress();
  return result;
}

void BlockAsync::ExpectTx(Lane& self, void* bar, std::int64_t bytes, Site site) {
  MBarrier& b = Find(self, bar, site, "mbarrier.expect_tx");
  b.tx += bytes;
}

bool BlockAsync::PhaseDone(const MBarrier& b, std::uint64_t token, bool parity) const {
  if (parity) return (b.phase & 1) != (token & 1);
  return static_cast<std::uint32_t>(b.phase) != static_cast<std::uint32_t>(token);
}

bool BlockAsync::TestWait(Lane& self, void* bar, std::uint64_t token, bool parity, Site site) {
  const bool done = PhaseDone(Find(self, bar, site, "mbarrier.test_wait"), token, parity);
  Poll& poll = polls_[self.tid];
  if (done) {
    poll.count = 0;
    AcquireAt(self, bar, site);
    return true;
  }
  if (poll.bar != Key(bar) || poll.token != token) poll = Poll{Key(bar), token, 0};
  if (++poll.count > kSpinPolls) {
    poll.count = 0;
    Wait(self, bar, token, parity, site);
    return true;
  }
  SchedulingPoint(site);
  return false;
}

void BlockAsync::Wait(Lane& self, void* bar, std::uint64_t token, bool parity, Site site) {
  if (!PhaseDone(Find(self, bar, site, "mbarrier.try_wait"), token, parity)) {
    waiters_.push_back(Waiter{&self, Key(bar), token, parity});
    self.site = site;
    self.wait = WaitKind::kMBarrier;
    self.block->Suspend(self);
  }
  AcquireAt(self, bar, site);
}

void BlockAsync::TryComplete(std::uintptr_t key, MBarrier& b) {
  if (b.missing != 0 || b.tx != 0) return;
  ++b.phase;
  b.expected -= b.drops;
  b.drops = 0;
  b.missing = b.expected;
  b.tx = 0;
  // Wake every waiter of this barrier whose phase is now complete (waking changes no table).
  for (std::size_t i = 0; i < waiters_.size();) {
    const Waiter& w = waiters_[i];
    if (w.bar == key && PhaseDone(b, w.token, w.parity)) {
      Lane* lane = w.lane;
      waiters_[i] = waiters_.back();
      waiters_.pop_back();
      lane->block->Wake(*lane);
    } else {
      ++i;
    }
  }
}

// ---- copies -------------------------------------------------------------------------------------

void BlockAsync::Perform(std::size_t i) {
  Copy c = copies_[i];
  if (c.done) return;
  copies_[i].done = true;
  if (race::Enabled()) {
    // Shown to the race detector as the completing thread's accesses (a scheduling point each).
    for (std::uint32_t k = 0; k < c.src_size; k += 4) {
      race::GetDetector().Access(reinterpret_cast<std::uintptr_t>(c.src + k), c.src_size - k < 4 ? c.src_size - k : 4, false, c.pc);
    }
    for (std::uint32_t k = 0; k < c.size; k += 4) {
      race::GetDetector().Access(reinterpret_cast<std::uintptr_t>(c.dst + k), c.size - k < 4 ? c.size - k : 4, true, c.pc);
    }
  }
  // cp.async moves 4, 8 or 16 bytes: a copy of a size known here is a move or two, not a call.
  if (c.src_size == c.size && c.size == 16) {
    std::memcpy(c.dst, c.src, 16);
  } else if (c.src_size == c.size && c.size == 8) {
    std::memcpy(c.dst, c.src, 8);
  } else if (c.src_size == c.size && c.size == 4) {
    std::memcpy(c.dst, c.src, 4);
  } else {
    std::memcpy(c.dst, c.src, c.src_size);
    std::memset(c.dst + c.src_size, 0, c.size - c.src_size);
  }
}

void BlockAsync::IssueCopy(Lane& self, void* dst, const void* src, std::uint32_t size, std::uint32_t src_size,
                           std::uintptr_t pc) {
  if (src_size > size) src_size = size;
  // Until the copy lands, a read of its destination is undefined (it races with the copy): in shared
  // memory it reads poison, so that a program which reads too early fails under `warpsafe run` too.
  if (self.block->HoldsShared(dst)) {
    if (size == 16) std::memset(dst, kSharedPoisonByte, 16);  // cp.async's usual size: two stores
    else std::memset(dst, kSharedPoisonByte, size);
  }
  copies_.push_back(Copy{static_cast<unsigned char*>(dst), static_cast<const unsigned char*>(src), size, src_size, pc,
                         false, false});
  lanes_[self.tid].copies.push_back(copies_.size() - 1);
}

void BlockAsync::IssueBulkCopy(Lane& self, void* dst, const void* src, std::uint32_t size, void* bar,
                               std::uintptr_t pc, Site site) {
  MBarrier* b = &Find(self, bar, site, "cp.async.bulk");
  if (self.block->HoldsShared(dst)) std::memset(dst, kSharedPoisonByte, size);  // as in IssueCopy
  copies_.push_back(Copy{static_cast<unsigned char*>(dst), static_cast<const unsigned char*>(src), size, size, pc,
                         true, false});
  const std::size_t i = copies_.size() - 1;
  if (b->missing != 0) {
    // Lands with the phase's last arrival; its bytes count as completed transactions then.
    b->copies.push_back(i);
    b->tx -= size;
    return;
  }
  // Every arrival is in: only transactions are missing, and this copy may be what they wait for.
  Perform(i);
  b = &Find(self, bar, site, "cp.async.bulk");
  b->tx -= size;
  TryComplete(Key(bar), *b);
}

void BlockAsync::Commit(Lane& self) {
  LaneCopies& l = lanes_[self.tid];
  // An empty group is still a group (wait_group counts it).
  l.group_sizes.push_back(static_cast<std::uint32_t>(l.copies.size() - l.committed));
  l.committed = l.copies.size();
}

void BlockAsync::WaitGroups(Lane& self, unsigned pending, bool all) {
  if (all) Commit(self);
  LaneCopies& l = lanes_[self.tid];
  while (l.group_sizes.size() > pending) {
    const std::uint32_t n = l.group_sizes.front();
    l.group_sizes.pop_front();
    l.committed -= n;
    // Perform may switch lanes in a checked build; only this thread touches its own queues, and
    // lanes_ keeps its size while the block runs, so `l` stays valid.
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::size_t i = l.copies.front();
      l.copies.pop_front();
      Perform(i);
    }
  }
}

void BlockAsync::ArriveOnCopies(Lane& self, void* bar, bool noinc, Site site) {
  MBarrier& b = Find(self, bar, site, "cp.async.mbarrier.arrive");
  const LaneCopies& l = lanes_[self.tid];
  for (std::size_t k = 0; k < l.copies.size(); ++k) {
    const std::size_t i = l.copies[k];
    if (!copies_[i].done) b.copies.push_back(i);
  }
  // The asynchronous arrival this triggers lands when the copies complete, which the engine puts
  // at the phase's completion. Without .noinc the instruction first added one to the phase's
  // count, so the pair changes nothing; with .noinc it is one of the phase's expected arrivals.
  if (noinc) Arrive(self, bar, 1, false, false, site);
}

}  // namespace warpsafe::engine::async
