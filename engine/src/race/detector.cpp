#include "race/detector.h"

#include <algorithm>
#include <cstring>

#include "race/constant_memory.h"
#include "race/local_memory.h"
#include "race/race.h"
#include "race/static_objects.h"
#include "race/stream_order.h"
#include "report/user_frames.h"
#include "runtime/held_launch.h"
#include "sched/block.h"
#include "sched/worker.h"
#include "trace/timeline.h"

extern "C" char __executable_start[];

namespace warpsafe::engine::race {

// The byte Block::Run and Block::StaticShared fill shared memory with (engine/src/sched/block.cpp).
constexpr unsigned char kSharedPoison = kSharedPoisonByte;

Detector& GetDetector() {
  static auto* detector = new Detector();  // never destroyed: callbacks may run during exit
  return *detector;
}

unsigned Detector::LaneIndex(const Lane& lane) { return lane.tid; }

// ---- the running block ---------------------------------------------------------------------------

void Detector::EnsureBlock(Block& block) {
  // BlockStarted normally does this; a program whose first instrumented access happens inside a
  // kernel turns the detector on in the middle of a block, which then starts here.
  if (!block_active_ || block_ != &block) {
    if (!Unpark(block)) BlockStarted(block);
  }
}

void Detector::LaunchStarted(const char* kernel, Site site, cudaStream_t stream, std::uint32_t launch, dim3 grid,
                             dim3 block) {
  FlushRace();
  launch_kernel_ = kernel;
  launch_site_ = site;
  // Library work issued since the host last waited is ordered before this launch only through its
  // stream, or an event the launch's stream waited on (MEM-5).
  unordered_library_.clear();
  const bool waited = std::find(waited_streams_.begin(), waited_streams_.end(), stream) != waited_streams_.end();
  for (LibraryRange& r : library_uses_) {
    // A graph node's library work is ordered before this launch only by the stream order of the
    // graph's edges (GRAPH-ORDER-1); other library work by its stream or a wait (MEM-5).
    const bool ordered = r.use.order_id != 0 ? GetStreamOrder().Ordered(r.use.order_id, launch)
                                             : waited || StreamOrdered(r.use.stream, stream);
    if (!ordered) unordered_library_.push_back(std::move(r));
  }
  library_uses_.clear();
  launch_stream_ = stream;
  launched_ = true;
  waited_streams_.clear();
  launch_frame_ = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  std::fill(std::begin(foreign_pages_), std::end(foreign_pages_), 0);
  // When everything before a launch happens before everything in it, no shadow state survives.
  if (StartLaunch(kernel, site, launch, grid, block)) {
    global_.Clear();
    sync_.clear();
  }
  parked_.clear();  // every block of the previous launch has finished
  block_active_ = false;
  fast_view_ = nullptr;
  ForgetDecisions();
  GetMemoryMap().Install();
  GetConstantMemory().Load();
}

void Detector::BlockStarted(Block& block) {
  GetMemoryMap().Install();
  GetConstantMemory().Load();
  if (block_active_ && block_ != &block) Park();  // another resident block starts
  block_ = &block;
  block_active_ = true;
  fast_view_ = nullptr;
  ForgetDecisions();
  const GridSpec& spec = block.spec();
  grid_dim_ = spec.grid;
  block_dim_ = spec.block;
  const uint3 b = block.block_idx();
  block_linear_ = launch_base_ + b.x + b.y * spec.grid.x + b.z * spec.grid.x * spec.grid.y;
  counter_ = 0;
  missed_.Clear();
  missed_site_ = nullptr;
  pending_uninitialized_ = PendingRead{};
  lanes_.resize(block.threads());
  for (LaneClock& lc : lanes_) {
    lc.epoch = ++counter_;
    lc.bar = 0;
    lc.base.reset();
    lc.own.Clear();
    lc.release.Clear();
    lc.fenced = false;
    lc.release_narrow = false;
    lc.acquire_count = 0;
    lc.acquire_next = 0;
    lc.acquire_narrow = 0;
    lc.atomic_address = 0;
    lc.progress.Reset();
  }
  // The block's own arena: its worker's, or a resident block's own (sched/interleaved_grid.cpp).
  auto* arena = static_cast<unsigned char*>(block.DynamicShared());
  arena_ = reinterpret_cast<std::uintptr_t>(arena);
  arena_size_ = block.arena_size();
  UseShadowFor(arena);
  shared_.Reset(arena, arena_size_);
  declarations_.clear();
  dynamic_site_ = Site{nullptr, 0, 0};
  // The dynamic part (extern __shared__) is usable from the start; static declarations are
  // added as the block reaches them (SharedDeclared).
  shared_.MarkDeclared(0, std::min(spec.dynamic_smem, arena_size_));
}

void Detector::BlockFinished(Block& block) {
  FlushRace();
  // Lanes of an aborted block never returned from their frames: their stacks' guard-zone marks
  // must not greet the next block's lanes.
  if (g_local_shadow) {
    for (unsigned tid = 0; tid < block.threads(); ++tid) {
      const Lane& l = block.lane(tid);
      if (block.StateOf(l) == LaneState::kExited || l.stack == nullptr) continue;
      const auto top = reinterpret_cast<std::uintptr_t>(l.stack->top());
      ClearLocalShadow(top - l.stack->usable(), top);
    }
  }
  if (block_ != &block && !Unpark(block)) return;  // a parked resident block finishes: swap it in
  FlushUninitialized();
  block_active_ = false;
  fast_view_ = nullptr;
  ForgetDecisions();
}

void Detector::SharedDeclared(Block& block, void* p, std::size_t size, Site site, const void* key) {
  FlushRace();
  EnsureBlock(block);
  const std::size_t offset = reinterpret_cast<std::uintptr_t>(p) - arena_;
  declarations_.push_back(SharedDeclaration{offset, size, site, key});
  shared_.MarkDeclared(offset, size);
}

// ---- synchronisation ------------------------------------------------------------------------------

void Detector::Gather(const LaneClock& lc) {
  if (lc.base != nullptr && std::find(seen_.begin(), seen_.end(), lc.base.get()) == seen_.end()) {
    seen_.push_back(lc.base.get());
    scratch_.Join(*lc.base);
  }
  scratch_.Join(lc.own);
}

template <class Tids>
void Detector::Distribute(const Tids& tids) {
  ForgetDecisions();  // the lanes' clocks advance
  auto shared = std::make_shared<Clock>();
  shared->Assign(scratch_);
  const std::uint32_t bar = shared->Get(ClockKey(block_linear_, kWholeBlock));
  for (const unsigned tid : tids) {
    LaneClock& lc = lanes_[tid];
    lc.base = shared;
    lc.own.Clear();
    lc.bar = bar;
    lc.epoch = ++counter_;
  }
}

std::uint32_t Detector::OwnBlockWhole(const LaneClock& lc) const {
  const std::uint64_t key = ClockKey(block_linear_, kWholeBlock);
  return std::max(lc.base != nullptr ? lc.base->Get(key) : 0u, lc.own.Get(key));
}

void Detector::WarpSynchronized(Block& block, const Warp& warp, std::uint32_t lanes) {
  FlushRace();
  EnsureBlock(block);
  // Every access of a member before the __syncwarp happens before every access of every member
  // after it (SYNCWARP-2).
  scratch_.Clear();
  seen_.clear();
  std::vector<unsigned> tids;
  tids.reserve(32);
  for (std::uint32_t m = lanes; m != 0; m &= m - 1) {
    const unsigned tid = warp.first_tid + static_cast<unsigned>(__builtin_ctz(m));
    Gather(lanes_[tid]);
    scratch_.Raise(ClockKey(block_linear_, tid), lanes_[tid].epoch);
    tids.push_back(tid);
  }
  Distribute(tids);
}

void Detector::LanesSynchronized(Block& block, const std::vector<unsigned>& tids) {
  FlushRace();
  EnsureBlock(block);
  // As a warp's: every access of a thread before the tile's barrier happens before every access of
  // every thread of the tile after it.
  scratch_.Clear();
  seen_.clear();
  for (unsigned tid : tids) {
    Gather(lanes_[tid]);
    scratch_.Raise(ClockKey(block_linear_, tid), lanes_[tid].epoch);
  }
  Distribute(tids);
}

void Detector::BlockSynchronized(Block& block) {
  FlushRace();
  EnsureBlock(block);
  // Every lane is here: a write that would have made a pending uninitialised read a race has
  // happened by now, so the read really saw memory no thread wrote.
  FlushUninitialized();
  // Every event of the block so far carries an epoch <= counter_: one block entry covers them all
  // (BAR-1), and the lane entries of this block it covers can go.
  scratch_.Clear();
  seen_.clear();
  std::vector<unsigned> tids;
  tids.reserve(lanes_.size());
  for (unsigned tid = 0; tid < lanes_.size(); ++tid) {
    if (block.StateOf(block.lane(tid)) == LaneState::kExited) continue;
    Gather(lanes_[tid]);
    tids.push_back(tid);
  }
  scratch_.Raise(ClockKey(block_linear_, kWholeBlock), counter_);
  scratch_.Compact(block_linear_);
  Distribute(tids);
}

void Detector::Acquire(LaneClock& lc, std::uintptr_t address, bool narrow, const Site* narrow_site) {
  auto it = sync_.find(address);
  if (it == sync_.end()) return;
  const SyncVar& v = it->second;
  const bool same_block = v.local_block == block_linear_;
  // SCOPE-2: an acquire takes a release only when each one's scope covers the other's thread.
  if (same_block) lc.own.Join(v.local);
  if (!narrow) {
    lc.own.Join(v.wide);
  } else if (!v.wide.empty()) {
    missed_.Join(v.wide);
    if (narrow_site != nullptr) missed_site_ = narrow_site;
  }
  if (!same_block && v.local_narrow) {
    missed_.Join(v.local);
    missed_site_ = v.narrow_site;
  }
}

void Detector::Fence(Lane& lane, FenceScope scope) {
  if (trace::On()) trace::AtSite(lane, trace::EventKind::kFence, lane.site);
  FlushRace();
  EnsureBlock(*lane.block);
  LaneClock& lc = ClockOf(lane);
  const bool narrow = scope == FenceScope::kBlock;
  // Acquire: an atomic followed by a fence takes what was released on the atomic's address, when
  // the scopes of the release, the atomic and this fence reach across the threads (SCOPE-2).
  for (unsigned i = 0; i < lc.acquire_count; ++i) {
    const unsigned slot = (lc.acquire_next + LaneClock::kAcquireSlots - 1 - i) % LaneClock::kAcquireSlots;
    const bool narrow_atomic = (lc.acquire_narrow >> slot) & 1u;
    Acquire(lc, lc.acquire_from[slot], narrow || narrow_atomic, narrow ? Intern(lane.site) : lc.narrow_atomic_site);
  }
  lc.acquire_count = 0;
  lc.acquire_next = 0;
  lc.acquire_narrow = 0;
  lc.bar = OwnBlockWhole(lc);
  // Release: a later atomic write publishes everything up to here, to the threads of the fence's
  // scope (SCOPE-2).
  lc.release_narrow = narrow;
  lc.release_site = lane.site;
  if (lc.base != nullptr) {
    lc.release.Assign(*lc.base);
  } else {
    lc.release.Clear();
  }
  lc.release.Join(lc.own);
  lc.release.Raise(ClockKey(block_linear_, lane.tid), lc.epoch);
  lc.fenced = true;
  lc.epoch = ++counter_;
  ForgetDecisions();
}

void Detector::Atomic(Lane& lane, const void* address, std::size_t size, Site site, FenceScope scope) {
  if (trace::On()) trace::AtSite(lane, trace::EventKind::kAtomic, site);
  FlushRace();
  EnsureBlock(*lane.block);
  LaneClock& lc = ClockOf(lane);
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  const bool narrow = scope == FenceScope::kBlock;
  if (lc.fenced) {
    // Release to the threads that both the fence's and this atomic's scopes cover (SCOPE-2).
    SyncVar& v = sync_[a];
    if (v.local_block != block_linear_) {
      v.local.Clear();
      v.local_block = block_linear_;
      v.local_narrow = false;
    }
    v.local.Join(lc.release);
    if (lc.release_narrow || narrow) {
      v.local_narrow = true;
      v.narrow_site = Intern(lc.release_narrow ? lc.release_site : site);
    } else {
      v.wide.Join(lc.release);
    }
  }
  // Remember it for the next fence (acquire); a spin loop on one flag takes one slot.
  const unsigned last = (lc.acquire_next + LaneClock::kAcquireSlots - 1) % LaneClock::kAcquireSlots;
  if (lc.acquire_count == 0 || lc.acquire_from[last] != a) {
    const unsigned slot = lc.acquire_next;
    lc.acquire_from[slot] = a;
    lc.acquire_narrow = static_cast<std::uint8_t>((lc.acquire_narrow & ~(1u << slot)) | (narrow ? 1u << slot : 0u));
    lc.acquire_next = (lc.acquire_next + 1) % LaneClock::kAcquireSlots;
    if (lc.acquire_count < LaneClock::kAcquireSlots) ++lc.acquire_count;
  } else if (narrow) {
    lc.acquire_narrow = static_cast<std::uint8_t>(lc.acquire_narrow | (1u << last));
  } else {
    lc.acquire_narrow = static_cast<std::uint8_t>(lc.acquire_narrow & ~(1u << last));
  }
  if (narrow) lc.narrow_atomic_site = Intern(site);
  RecordAtomic(lane, a, size, site, narrow);
  // The header performs the atomic after this hook; if it reads the location with an (atomic)
  // load, that load is instrumented too and must not count as a plain read.
  lc.atomic_address = a;
  WithdrawInline();
}

// ---- accesses -------------------------------------------------------------------------------------

bool Detector::RefreshFastLane(const LaneView* view) {
  fast_view_ = nullptr;
  Lane* lane = LaneOf(view);
  if (!block_active_ || lane->block != block_ || trace::On()) return false;
  const auto top = reinterpret_cast<std::uintptr_t>(lane->stack->top());
  fast_stack_size_ = lane->stack->usable();
  fast_stack_low_ = top - fast_stack_size_;
  fast_clock_ = &ClockOf(*lane);
  fast_tid_ = static_cast<std::uint16_t>(lane->tid);
  fast_view_ = view;
  return true;
}

void Detector::Access(std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc) {
  FlushRace();
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) return;  // host code
  // A lane's own stack is private to it: locals never race (the common case, checked first).
  const auto top = reinterpret_cast<std::uintptr_t>(lane->stack->top());
  if (a < top && a >= top - lane->stack->usable()) {
    // ... unless it runs past a local array (local_memory.h).
    if (__builtin_expect(LocalAccessPoisoned(a, size), 0)) ReportInvalidLocal(*lane, a, size, write, pc);
    return;
  }
  EnsureBlock(*lane->block);
  {
    LaneClock& lc = ClockOf(*lane);
    if (lc.atomic_address != 0) {
      const bool own_atomic = !write && lc.atomic_address == a;
      lc.atomic_address = 0;
      if (own_atomic) return;
    }
  }
  Space space;
  const GlobalRange* range = nullptr;
  if (a - arena_ < arena_size_) {
    space = Space::kShared;
  } else if (MemoryMap::IsStatic(a)) {
    space = Space::kGlobalStatic;
    // A host global of the program is static storage too, but not the device's (DEVMEM-1).
    if (__builtin_expect(GetStaticObjects().FindHostGlobal(a) != nullptr, 0))
      ReportHostMemory(*lane, a, size, write, pc, HostOrigin::kHostGlobal, false);
  } else if ((range = GetMemoryMap().FindAllocation(a)) != nullptr) {
    space = Space::kGlobalAllocation;
  } else {
    return ForeignAccess(*lane, a, size, write, pc);  // host memory, or the engine's own objects
  }
  // The lane's previous store has happened by now, and no other lane has run since: whether it
  // changed anything is judged before the switch (progress.h).
  ProgressWatch& watch = ClockOf(*lane).progress;
  bool progress = watch.Settle();
  // An access to shared or global memory is a scheduling point: other lanes may run first. The
  // lane's site stays the last intrinsic it reached. Other lanes' accesses may run during the
  // switch: this write's known value (AccessWithValue) is restored after it.
  const void* const write_from = write_from_;
  const int write_fill = write_fill_;
  lane->block->YieldAtAccess(*lane);
  write_from_ = write_from;
  write_fill_ = write_fill;
  // Another resident block may have had a turn meanwhile (sched/interleaved_grid.cpp).
  EnsureBlock(*lane->block);
  if (trace::On()) trace::Access(*lane, write, pc);

  if (space == Space::kShared) {
    const std::size_t offset = a - arena_;
    if (offset + size > arena_size_ || !shared_.AllDeclared(offset, size)) {
      ReportOutOfBounds(*lane, space, a, size, write, pc, nullptr);
    }
    if (write) {
      shared_.MarkWritten(offset, size);
    } else if (!shared_.AllWritten(offset, size)) {
      // Writes the instrumentation does not see (code built without it, such as the engine's own
      // headers) still change the poison the engine filled the arena with (kSharedPoison): bytes
      // that no longer hold it were written.
      const auto* bytes = reinterpret_cast<const unsigned char*>(a);
      bool poisoned = true;
      for (std::size_t i = 0; i < size && poisoned; ++i) poisoned = bytes[i] == kSharedPoison;
      if (!poisoned) {
        shared_.MarkWritten(offset, size);
      } else if (pending_uninitialized_.lane == nullptr) {
        pending_uninitialized_ = PendingRead{lane, Space::kShared, nullptr, a, size, pc, CallsOnStack(*lane)};
      }
    }
  } else if (space == Space::kGlobalAllocation) {
    if (!range->Contains(a, size)) ReportOutOfBounds(*lane, space, a, size, write, pc, range);
    if (range->written != nullptr) CheckWritten(*lane, *range, a, size, write, pc);
  } else if (write && GetConstantMemory().Contains(a)) {
    ReportConstantWrite(*lane, a, size, pc, nullptr);
  }
  if (__builtin_expect(!unordered_library_.empty(), 0) && space != Space::kShared)
    CheckLibraryUses(*lane, a, size, write, pc);
  // A load reads memory as it is now (this lane runs until its next scheduling point).
  if (write) {
    watch.Store(a, size);
  } else {
    progress |= watch.Load(a, size);
  }
  if (progress) lane->block->NoteProgress();
  const LaneClock& lc = ClockOf(*lane);
  const Who who{block_linear_, static_cast<std::uint16_t>(lane->tid), lc.epoch, write, false, pc, 0};
  CheckRange(*lane, space, a, size, who);
}

void Detector::HostAccess(std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc) {
  // A held launch (runtime/held_launch.h) runs before the host touches memory a kernel can reach:
  // a runtime allocation (managed, pinned) or a __device__/__managed__ variable.
  if (__builtin_expect(runtime::g_launch_held.load(std::memory_order_relaxed), 0)) {
    const StaticObject* v = MemoryMap::IsStatic(a) ? GetStaticObjects().FindDeviceVariable(a) : nullptr;
    if (GetMemoryMap().FindAllocation(a) != nullptr || (v != nullptr && a - v->start < v->size))
      runtime::RunHeldLaunch();
  }
  if (!LastLaunchUnsynchronized()) return;
  // Only memory a kernel can reach (runtime allocations, static storage) has a kernel's accesses.
  if (!MemoryMap::IsStatic(a) && GetMemoryMap().FindAllocation(a) == nullptr) return;
  const std::uintptr_t end = a + size;
  // A host write while the grid is parked: what the grid only read so far it reads again after the
  // write (HOSTWAIT-3); a write of the grid's still conflicts.
  const bool parked = LaunchParkedNow();
  for (std::uintptr_t g = a & ~std::uintptr_t{kGranule - 1}; g < end; g += kGranule) {
    const Cell* cell = global_.Find(g);
    if (cell == nullptr) continue;
    const unsigned lo = static_cast<unsigned>(std::max(a, g) - g);
    const unsigned hi = static_cast<unsigned>(std::min(end, g + kGranule) - g);
    const auto mask = static_cast<std::uint8_t>(((1u << hi) - 1) & ~((1u << lo) - 1));
    for (const Slot& s : cell->slots) {
      if ((s.flags & Slot::kValid) == 0 || (s.mask & mask) == 0) continue;
      if (!write && (s.flags & Slot::kWrite) == 0) continue;  // two reads never conflict
      if (parked && (s.flags & Slot::kWrite) == 0) continue;
      ReportHostRace(a, size, write, pc, s);
    }
  }
}

void Detector::CheckWritten(Lane& lane, const GlobalRange& range, std::uintptr_t a, std::size_t size, bool write,
                            std::uintptr_t pc) {
  WrittenBytes& written = *range.written;
  const std::size_t offset = a - range.base;
  if (write) {
    written.Mark(offset, size);
    return;
  }
  if (written.All(offset, size)) return;
  // Bytes that no longer hold the runtime's fill were written by something the checker does not
  // see (host code through a mapped pointer, the engine's own headers): initialised.
  const auto* bytes = reinterpret_cast<const unsigned char*>(a);
  bool fresh = true;
  for (std::size_t i = 0; i < size && fresh; ++i) fresh = bytes[i] == runtime::kUninitializedByte;
  if (!fresh) {
    written.Mark(offset, size);
  } else if (pending_uninitialized_.lane == nullptr) {
    // Reported at the next __syncthreads or the block's end, as for shared memory: a racing write
    // by another thread is the defect to report first.
    pending_uninitialized_ = PendingRead{&lane, Space::kGlobalAllocation, &range, a, size, pc, CallsOnStack(lane)};
  }
}

void Detector::RecordAtomic(Lane& lane, std::uintptr_t a, std::size_t size, Site site, bool narrow) {
  Space space;
  const GlobalRange* range = nullptr;
  if (a - arena_ < arena_size_) {
    space = Space::kShared;
  } else if (MemoryMap::IsStatic(a)) {
    space = Space::kGlobalStatic;
    StaticObjects& objects = GetStaticObjects();
    // A __device__ variable has no red zone: an atomic wider than what is left of it (a 4-byte
    // atomicAdd on a `char`) also changes the bytes after it (REDZONE-2). Both reports name the
    // atomic's call as the lane's site.
    const StaticObject* v = objects.FindDeviceVariable(a);
    const bool overrun = v != nullptr && a - v->start < v->size && a + size > v->start + v->size;
    const bool host = objects.FindHostGlobal(a) != nullptr;
    if (overrun || host) lane.site = site;
    if (host) ReportHostMemory(lane, a, size, true, 0, HostOrigin::kHostGlobal, false);
    if (overrun) ReportOutOfBounds(lane, space, a, size, true, 0, nullptr);
  } else if ((range = GetMemoryMap().FindAllocation(a)) != nullptr) {
    space = Space::kGlobalAllocation;
  } else {
    return;
  }
  if (space == Space::kShared) {
    const std::size_t offset = a - arena_;
    if (offset + size > arena_size_ || !shared_.AllDeclared(offset, size)) {
      ReportOutOfBounds(lane, space, a, size, true, 0, nullptr);
    }
    // An atomic counts as initialising: reporting atomicAdd on fresh shared memory would flag the
    // common "first atomicExch initialises" idiom.
    shared_.MarkWritten(offset, size);
  } else if (space == Space::kGlobalAllocation) {
    if (!range->Contains(a, size)) ReportOutOfBounds(lane, space, a, size, true, 0, range);
    // An atomic initialises, as in shared memory.
    if (range->written != nullptr) range->written->Mark(a - range->base, size);
  } else if (GetConstantMemory().Contains(a)) {
    ReportConstantWrite(lane, a, size, 0, &site);
  }
  const LaneClock& lc = ClockOf(lane);
  const Who who{block_linear_,
                static_cast<std::uint16_t>(lane.tid),
                lc.epoch,
                true,
                true,
                reinterpret_cast<std::uint64_t>(InternAt(lane, site)),
                static_cast<std::uint8_t>(Slot::kOriginIsSite | (narrow ? Slot::kNarrowScope : 0))};
  CheckRange(lane, space, a, size, who);
}

const Site* Detector::Intern(Site site) {
  const std::uint64_t key = reinterpret_cast<std::uintptr_t>(site.file) * 31 + site.line * 131 + site.column;
  auto it = site_index_.find(key);
  if (it != site_index_.end() && *it->second == site) return it->second;
  sites_.push_back(site);
  site_index_[key] = &sites_.back();
  return &sites_.back();
}

bool Detector::IsUserFileCached(const char* file) {
  auto it = user_file_.find(file);
  if (it == user_file_.end()) it = user_file_.emplace(file, IsUserFile(file)).first;
  return it->second;
}

const Site* Detector::InternAt(Lane& lane, Site site) {
  // A bounded number of copies (a program that reaches one header's atomic through ever new stacks
  // gets the plain site once they run out: its report names the header's line).
  constexpr std::size_t kMaxCopies = 1 << 16;
  if (site.file == nullptr || IsUserFileCached(site.file) || called_sites_.size() >= kMaxCopies) return Intern(site);
  // One copy per site and stack: a spin loop on a header's atomic adds one.
  std::vector<std::uintptr_t> calls = CallsOnStack(lane);
  std::uint64_t key = reinterpret_cast<std::uintptr_t>(site.file) * 31 + site.line * 131 + site.column;
  for (std::uintptr_t a : calls) key = key * 1000003u ^ a;
  auto range = called_index_.equal_range(key);
  for (auto it = range.first; it != range.second; ++it) {
    if (*it->second == site && calls_of_[it->second] == calls) return it->second;
  }
  called_sites_.push_back(site);
  const Site* interned = &called_sites_.back();
  called_index_.emplace(key, interned);
  calls_of_[interned] = std::move(calls);
  return interned;
}

std::uintptr_t Detector::OriginBase() { return reinterpret_cast<std::uintptr_t>(__executable_start); }

std::uint32_t Detector::EncodeOrigin(std::uint64_t origin, bool site, std::uint8_t* far_flag) {
  std::uint32_t code = 0;
  if (!site && NearOrigin(origin, &code)) return code;
  *far_flag = Slot::kOriginFar;
  const auto [it, added] = far_index_.emplace(origin, static_cast<std::uint32_t>(far_origins_.size()));
  if (added) far_origins_.push_back(origin);
  return it->second;
}

void Detector::CheckRange(Lane& lane, Space space, std::uintptr_t a, std::size_t size, const Who& who) {
  const LaneClock& lc = ClockOf(lane);
  const std::uintptr_t end = a + size;
  for (std::uintptr_t g = a & ~std::uintptr_t{kGranule - 1}; g < end; g += kGranule) {
    const unsigned lo = static_cast<unsigned>(std::max(a, g) - g);
    const unsigned hi = static_cast<unsigned>(std::min(end, g + kGranule) - g);
    const auto mask = static_cast<std::uint8_t>(((1u << hi) - 1) & ~((1u << lo) - 1));
    Cell* cell = space == Space::kShared ? shared_.CellFor(g - arena_) : global_.CellFor(g);
    if (cell == nullptr) continue;  // beyond the 47-bit address space: no shadow
    // CheckCell records this access: the page's memos end (access_memo.h), and every window.
    ++cell_changes_;
    AdvanceWindowEpoch();
    if (space == Space::kShared) {
      shared_.set_stamp(cell_changes_);
    } else {
      *GlobalShadow::StampOf(global_.PageOf(g)) = cell_changes_;
    }
    if (const Slot* s = CheckCell(*cell, mask, lc, who)) {
      const bool two_writes = who.write && !who.atomic && (s->flags & Slot::kWrite) != 0 &&
                              (s->flags & Slot::kAtomic) == 0;
      if (!two_writes) ReportRace(lane, space, a, size, who, *s, -1);
      const auto* now = reinterpret_cast<const unsigned char*>(a);
      if (write_from_ != nullptr) {
        ReportRace(lane, space, a, size, who, *s, std::memcmp(now, write_from_, size) == 0 ? 1 : 0);
      }
      if (write_fill_ >= 0) {
        int same = 1;
        for (std::size_t i = 0; i < size && same == 1; ++i) same = now[i] == write_fill_ ? 1 : 0;
        ReportRace(lane, space, a, size, who, *s, same);
      }
      // A plain store: its value is in memory once the lane goes on.
      if (size > sizeof pending_race_.before) ReportRace(lane, space, a, size, who, *s, -1);
      pending_race_.lane = &lane;
      pending_race_.space = space;
      pending_race_.address = a;
      pending_race_.size = size;
      pending_race_.who = who;
      pending_race_.previous = *s;
      std::memcpy(pending_race_.before, now, size);
      return;
    }
  }
}

void Detector::ReportPendingRace() {
  const PendingRace r = pending_race_;
  pending_race_.lane = nullptr;
  const int same = std::memcmp(reinterpret_cast<const void*>(r.address), r.before, r.size) == 0 ? 1 : 0;
  ReportRace(*r.lane, r.space, r.address, r.size, r.who, r.previous, same);
}

const Slot* Detector::CheckCell(Cell& cell, std::uint8_t mask, const LaneClock& lc, const Who& who) {
  // 1. Conflicts: the same bytes, another thread, at least one write, not both atomic, and no
  //    happens-before from the earlier access to this one.
  for (const Slot& s : cell.slots) {
    if ((s.flags & Slot::kValid) == 0 || (s.mask & mask) == 0) continue;
    if (s.block == who.block && s.tid == who.tid) continue;
    const bool s_write = (s.flags & Slot::kWrite) != 0;
    const bool s_atomic = (s.flags & Slot::kAtomic) != 0;
    // Two atomics are atomic with respect to each other when each one's scope covers the other's
    // thread: a block-scoped atomic only within its block (SCOPE-1).
    const bool narrow = ((s.flags | who.origin_flag) & Slot::kNarrowScope) != 0;
    if (!(who.write || s_write) || (who.atomic && s_atomic && (!narrow || s.block == who.block))) continue;
    if (!HappensBefore(s, lc)) return &s;
  }
  // 2. Record. Earlier slots this access supersedes are dropped: any later access that would race
  //    with them races with this one too (they happen before it, on a subset of its bytes, and
  //    conflict with whatever it conflicts with). A plain write supersedes anything; a plain read
  //    earlier plain reads; an atomic earlier atomics.
  Slot* target = nullptr;
  Slot* pair = nullptr;
  for (Slot& s : cell.slots) {
    if ((s.flags & Slot::kValid) == 0) {
      if (target == nullptr) target = &s;
      continue;
    }
    if (PairsWith(s, mask, who)) pair = &s;
    if ((s.mask & ~mask) != 0) continue;
    const bool s_write = (s.flags & Slot::kWrite) != 0;
    const bool s_atomic = (s.flags & Slot::kAtomic) != 0;
    const bool kind_ok = who.atomic ? s_atomic : (who.write || (!s_write && !s_atomic));
    if (!kind_ok) continue;
    const bool ordered = (s.block == who.block && s.tid == who.tid) || HappensBefore(s, lc);
    if (!ordered) continue;
    s.flags = 0;
    if (target == nullptr) target = &s;
  }
  if (pair != nullptr) {
    // The other half of the same instruction's access in the same epoch (a stream over the granule):
    // one slot stands for both (Slot::kPaired), so that a granule that many threads stream over keeps
    // a whole granule per reader, and a later reader finds its bytes covered (fast_access.h, case 2).
    // The other slots the loop above dropped were this lane's own or ordered before it: superseded.
    pair->mask = static_cast<std::uint8_t>(pair->mask | mask);
    pair->flags = static_cast<std::uint8_t>(pair->flags | Slot::kPaired);
    return nullptr;
  }
  if (target == nullptr) {
    // All slots hold unordered accesses: evict one (deterministically). This may hide a later
    // race, never report a false one.
    target = &cell.slots[(who.epoch + who.tid) % kSlots];
  }
  std::uint8_t far = 0;
  target->origin = EncodeOrigin(who.origin, (who.origin_flag & Slot::kOriginIsSite) != 0, &far);
  target->epoch = who.epoch;
  target->block = who.block;
  target->tid = who.tid;
  target->mask = mask;
  target->flags = static_cast<std::uint8_t>(Slot::kValid | (who.write ? Slot::kWrite : 0) |
                                            (who.atomic ? Slot::kAtomic : 0) | who.origin_flag | far);
  return nullptr;
}

}  // namespace warpsafe::engine::race
