// The happens-before race detector (FastTrack-style epochs, sparse vector clocks, bounded shadow
// slots), with the out-of-bounds and uninitialised-shared-memory checks that share its memory
// classification. One instance per process (check builds run one worker thread, so every method
// runs on it); race.h's hooks and the sanitizer-coverage callbacks (callbacks.cpp) forward here.
//
// Edges (docs/semantics.md): program order within a lane; __syncwarp joins the clocks of its
// lanes (SYNCWARP-2); __syncthreads joins the whole block (BAR-1); a fence followed later by an
// atomic write publishes the fence-time clock on the atomic's address (release), and a fence after
// an atomic takes what was published there (acquire) (FENCE-1, ATOMIC-1), provided the scopes of
// the fences and atomics involved cover both threads (SCOPE-1 to SCOPE-3, docs/semantics/scopes.md:
// block scope orders only within the block, and makes atomics atomic only within it). Nothing else orders:
// not shuffles, votes or reductions (SYNC-ORDER), not volatile, not the lockstep schedule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "driver_types.h"
#include "race/access_memo.h"
#include "race/clock.h"
#include "race/host_origin.h"
#include "race/memory_map.h"
#include "race/progress.h"
#include "race/shadow.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine {
class Block;
class Report;
struct Lane;
struct Warp;
}  // namespace warpsafe::engine

namespace warpsafe::engine::race {

enum class Space : std::uint8_t { kShared, kGlobalAllocation, kGlobalStatic };

// A math-library call's use of one operand (race.h, LibraryAccess).
struct LibraryUse {
  const char* call;     // "cuBLAS call cublasSgemm"
  const char* operand;  // "C"
  bool read;
  bool write;
  cudaStream_t stream;
  // A copy or fill of the runtime (cudaMemcpyAsync, cudaMemset...) rather than a library call: its
  // reports say so and name both streams, and its reads are not checked for unwritten bytes.
  bool copy = false;
  // A copy or library call made by a node of a launched graph: the node, whose edges order it
  // (GRAPH-ORDER-1), else null.
  const void* order_key = nullptr;
  // A library call of a graph node: its work's id in the stream order, issued like a launch of the
  // node (so that a later kernel node is ordered after it only through the graph's edges); else 0.
  std::uint32_t order_id = 0;
};

class Detector {
 public:
  // An instrumented load or store by the current lane; `pc` is the callback's return address.
  // Ignores host code and the lane's own stack; otherwise a scheduling point, then checked.
  void Access(std::uintptr_t address, std::size_t size, bool write, std::uintptr_t pc);
  // The common case of an instrumented access of N bytes, decided inline without Access's work
  // (fast_access.h): true when the access needed nothing more than counting as a step; false
  // when the caller must call Access.
  template <unsigned N>
  bool FastAccess(std::uintptr_t address, bool write, std::uintptr_t pc);

  // A write whose value is known before it happens (memcpy from `from`, or memset to `fill` when
  // `from` is null): a write-write race then says whether both threads wrote the same bytes.
  void AccessWithValue(std::uintptr_t address, std::size_t size, std::uintptr_t pc, const void* from, int fill) {
    write_from_ = from;
    write_fill_ = from == nullptr ? fill : -1;
    Access(address, size, true, pc);
    write_from_ = nullptr;
    write_fill_ = -1;
  }

  // A host access (host code of a checked program) while the last launch is not yet synchronised
  // with the host (MEM-4): a conflict with that launch's accesses is a host-device race.
  void HostAccess(std::uintptr_t address, std::size_t size, bool write, std::uintptr_t pc);

  // A typed load or store (`write`) through `address` that is not a multiple of the type's
  // `alignment` (the compiler's alignment check, memory_faults.cpp): reported, as a GPU faults.
  [[noreturn]] void ReportMisaligned(Lane& lane, std::uintptr_t address, std::size_t alignment, bool write,
                                     const char* type, Site site);

  // A launch starts: `launch` is its id in the stream order (stream_order.h). The accesses of
  // earlier launches are forgotten when all of them happen before it (the usual case: one stream);
  // otherwise they stay, and a conflict with one from a launch not ordered before this one is a
  // race between the two kernels (launch_order.cpp, STREAM-1 to STREAM-5).
  void LaunchStarted(const char* kernel, Site site, cudaStream_t stream, std::uint32_t launch, dim3 grid, dim3 block);
  // The host waited for all device work: library work before it is ordered before later launches.
  void HostSynchronized() { library_uses_.clear(); }
  // MEM-5 (library_access.cpp): a library call's use of [address, address + size).
  void LibraryAccess(const LibraryUse& use, std::uintptr_t address, std::size_t size);
  void StreamWaited(cudaStream_t stream);
  void BlockStarted(Block& block);
  void BlockFinished(Block& block);
  void SharedDeclared(Block& block, void* p, std::size_t size, Site site, const void* key);
  // The block's first `extern __shared__` declaration reached: where dynamic shared memory is named.
  void DynamicSharedDeclared(Block& block, Site site) {
    EnsureBlock(block);
    if (dynamic_site_.file == nullptr) dynamic_site_ = site;
  }
  void WarpSynchronized(Block& block, const Warp& warp, std::uint32_t lanes);
  void LanesSynchronized(Block& block, const std::vector<unsigned>& tids);
  void BlockSynchronized(Block& block);
  void Atomic(Lane& lane, const void* address, std::size_t size, Site site, FenceScope scope);
  void Fence(Lane& lane, FenceScope scope);
  // Cells changed so far (race::CellChanges).
  std::uint64_t cell_changes() const { return cell_changes_; }

 private:
  // What one GPU thread of the running block knows (its vector clock) and its pending
  // release/acquire state.
  struct LaneClock {
    std::uint32_t epoch = 0;  // stamp of its accesses since its last synchronisation event
    std::uint32_t bar = 0;    // what it knows of its own block as a whole, cached for the common check
    // What it knows is base ∪ own. After a __syncthreads every lane knows the same (possibly large,
    // after acquires from many blocks): one shared base instead of a copy per lane, which would
    // cost threads × clock size per barrier.
    std::shared_ptr<const Clock> base;  // shared with the lanes it last synchronised with
    Clock own;                          // learnt alone since (its acquires)
    Clock release;            // base ∪ own at its last fence, published by later atomic writes
    bool fenced = false;
    bool release_narrow = false;  // that fence was block-scoped: it releases to the block only
    Site release_site{nullptr, 0, 0};
    static constexpr unsigned kAcquireSlots = 8;
    std::uintptr_t acquire_from[kAcquireSlots] = {};  // atomics since its last fence
    std::uint8_t acquire_narrow = 0;  // bit i: acquire_from[i]'s atomic was block-scoped
    const Site* narrow_atomic_site = nullptr;  // the last block-scoped one, for reports
    unsigned acquire_count = 0;  // valid entries of acquire_from (the most recent ones)
    unsigned acquire_next = 0;   // where the next one goes (a ring: the oldest is forgotten)
    std::uintptr_t atomic_address = 0;  // its last atomic: the header's own load of it is no plain access
    ProgressWatch progress;  // whether its plain accesses change anything (the livelock bound)
    AccessMemo memo;         // what the fast path already decided (access_memo.h)
  };
  // What releases published on one atomic address: device/system-scope releases from any block,
  // and every release (block-scoped ones too) from the last block that published there.
  struct SyncVar {
    Clock wide;
    Clock local;
    std::uint32_t local_block = ~0u;
    bool local_narrow = false;         // `local` holds a block-scoped release
    const Site* narrow_site = nullptr;  // where (the fence, or the atomic when it was the narrow one)
  };
  void Acquire(LaneClock& lc, std::uintptr_t address, bool narrow, const Site* narrow_site);  // SCOPE-2
  struct SharedDeclaration {
    std::size_t offset;
    std::size_t size;
    Site site;
    const void* key;  // the declaration's object: named by its symbol when `site` is not the user's
  };
  // The access being checked, for slots and reports.
  struct Who {
    std::uint32_t block;
    std::uint16_t tid;
    std::uint32_t epoch;
    bool write;
    bool atomic;
    std::uint64_t origin;
    std::uint8_t origin_flag;
  };

  void EnsureBlock(Block& block);
  // FastAccess's decision from the access's shadow cell, noted in the lane's memo.
  template <unsigned N>
  bool DecideFromCell(Cell& cell, std::uintptr_t address, bool write, std::uintptr_t pc, LaneClock& lc,
                      std::uint64_t key, const std::uint64_t* stamp, bool shared);
  // What FastAccess decides from a cell, changing nothing: kNo (the slow path's), kQuiet (decided,
  // nothing to store), or kHitOtherOrigin (decided once the lane's slot takes this access's
  // origin); `*hit` is the lane's slot when there is one.
  enum class CellVerdict { kNo, kQuiet, kHitOtherOrigin };
  template <unsigned N>
  CellVerdict JudgeCell(const Cell& cell, std::uintptr_t address, bool write, std::uint32_t origin,
                        const LaneClock& lc, Slot** hit) const;
  // After an access decided quietly at the end of its instruction's range, the accesses after it
  // on the same page that would be decided quietly too, noted in the memo at once (fast_access.h).
  template <unsigned N>
  void DecideAhead(std::uintptr_t address, bool write, std::uint32_t origin, LaneClock& lc, std::uint64_t key,
                   bool shared);
  // Invalidates every lane's memo: called wherever a lane's clock or the running block changes, or
  // the fast path stores an origin (the memo's contract, access_memo.h).
  // The generation is process-wide (g_check_generation, from 1: entries start at 0, never valid),
  // so that the inline path reads it with one load.
  void ForgetDecisions() {
    ++g_check_generation;
    AdvanceWindowEpoch();
  }
  // Cells changed so far (CheckCell): what a page's stamp is taken from (shadow.h, access_memo.h).
  std::uint64_t cell_changes_ = 0;
  // The fast path's view of the running lane (fast_access.h); `fast_view_` null: none yet.
  const LaneView* fast_view_ = nullptr;
  std::uintptr_t fast_stack_low_ = 0;
  std::size_t fast_stack_size_ = 0;
  LaneClock* fast_clock_ = nullptr;
  std::uint16_t fast_tid_ = 0;
  // Points the fast path at `view`'s lane; false when it cannot serve it (no running block of
  // its own, tracing on): Access then takes every access.
  bool RefreshFastLane(const LaneView* view);
 public:
  // Publishes the running lane `view` to the inline path (tls_check_lane, check_inline.h) when the
  // fast path may serve it; else withdraws what was published (inline_check.cpp).
  void PublishInline(const LaneView* view);
  // Withdraws this thread's published lane: its next access goes to the engine.
  static void WithdrawInline();
 private:
  LaneClock& ClockOf(const Lane& lane) { return lanes_[LaneIndex(lane)]; }
  static unsigned LaneIndex(const Lane& lane);
  bool HappensBefore(const Slot& s, const LaneClock& lc) const {
    if (s.block == block_linear_ && s.epoch <= lc.bar) return true;
    if (__builtin_expect(s.block < launch_base_, 0) && EarlierLaunchOrdered(s.block)) return true;
    return (lc.base != nullptr && lc.base->Covers(s.block, s.tid, s.epoch)) || lc.own.Covers(s.block, s.tid, s.epoch);
  }
  // Checks [address, address + size) against the shadow and records the access; reports and
  // does not return on a race.
  void CheckRange(Lane& lane, Space space, std::uintptr_t address, std::size_t size, const Who& who);
  const Slot* CheckCell(Cell& cell, std::uint8_t mask, const LaneClock& lc, const Who& who);
  // CheckCell: whether `s` holds the other half of this access: a plain access of the same thread in
  // the same epoch, of the same kind, from the same instruction (one near return address, so one
  // size), of as many bytes, disjoint, and not paired yet. One slot then stands for both exactly:
  // any later access conflicts with the pair where it conflicts with either half, with the same
  // thread, epoch, kind and line; a report names the size of one (Slot::kPaired, AccessBytes).
  bool PairsWith(const Slot& s, std::uint8_t mask, const Who& who) const {
    const auto plain = static_cast<std::uint8_t>(Slot::kValid | (who.write ? Slot::kWrite : 0));
    std::uint32_t code = 0;
    return s.flags == plain && !who.atomic && who.origin_flag == 0 && s.tid == who.tid && s.epoch == who.epoch &&
           s.block == who.block && (s.mask & mask) == 0 && __builtin_popcount(s.mask) == __builtin_popcount(mask) &&
           NearOrigin(who.origin, &code) && s.origin == code;
  }
  // MEM-3: a kDevice block's bytes read before anything wrote them.
  void CheckWritten(Lane& lane, const GlobalRange& range, std::uintptr_t a, std::size_t size, bool write,
                    std::uintptr_t pc);
  void RecordAtomic(Lane& lane, std::uintptr_t address, std::size_t size, Site site, bool narrow);
  // memory_faults.cpp: an access by device code that is neither to the lane's stack nor to shared
  // or global memory. Host memory (the program's heap or the launching thread's stack) is an
  // illegal access; the engine's own objects (threadIdx, the launch's parameters) are ignored.
  void ForeignAccess(Lane& lane, std::uintptr_t address, std::size_t size, bool write, std::uintptr_t pc);
  // REDZONE-3: an access in the red zone of a block device code allocated (device_heap.h).
  [[noreturn]] void ReportDeviceHeapOverrun(Lane& lane, std::uintptr_t address, std::size_t size, bool write,
                                            std::uintptr_t pc, std::uintptr_t block, std::size_t block_size);
  // DEVMEM-1's report: device code touched host memory of `origin`, or GRAPH-MEM-3's: a graph
  // allocation that is freed (memory_faults.cpp).
  [[noreturn]] void ReportHostMemory(Lane& lane, std::uintptr_t address, std::size_t size, bool write,
                                     std::uintptr_t pc, HostOrigin origin, bool freed_graph_memory);
  // Pages ForeignAccess found to hold no host memory of the program (+1: 0 is empty); cleared at
  // each launch, since the host may map and unmap in between.
  static constexpr unsigned kForeignPages = 64;
  std::uintptr_t foreign_pages_[kForeignPages] = {};
  std::uintptr_t launch_frame_ = 0;  // the engine's frame at the launch: host frames above it are the program's
  // An access to the lane's own stack that touches a local array's guard zone (local_memory.h).
  [[noreturn]] void ReportInvalidLocal(Lane& lane, std::uintptr_t address, std::size_t size, bool write,
                                       std::uintptr_t pc);
  // A write by device code to __constant__ memory (constant_memory.h): `pc` for a plain access,
  // `site` for an atomic.
  [[noreturn]] void ReportConstantWrite(Lane& lane, std::uintptr_t address, std::size_t size, std::uintptr_t pc,
                                        const Site* site);
  const Site* Intern(Site site);
  // Intern for an atomic `lane` makes now: where `site` is in a library's header (libcu++'s
  // cuda::atomic_ref, a cooperative-groups member), a copy of it that keeps the calls on the lane's
  // stack (CallsOnStack), so that a later report names the user's line that led there.
  const Site* InternAt(Lane& lane, Site site);
  // Adds an access's line to `report`: `origin` is its return address, or with `site_origin` an
  // interned Site. A line in a library's header is named by the user's call that led there (its
  // inlined caller, the calls InternAt kept or `calls`, else `running`'s stack when the access is
  // the running lane's own), with the header's line as a note (report/user_frames.h).
  void AtAccess(Report& report, bool site_origin, std::uint64_t origin, const Lane* running,
                const std::vector<std::uintptr_t>* calls, const std::string& what);
  // AtAccess for the running lane's access at return address `pc`; without debug information the
  // lane's last scheduling point, with `no_debug` appended to `what`.
  void AtPc(Report& report, Lane& lane, std::uintptr_t pc, const std::string& what, const char* no_debug);
  bool IsUserFileCached(const char* file);

  // Slot::origin (shadow.h): a return address is kept as its offset from the executable's start
  // when it fits 32 bits (every address of the program's own code), anything else (an atomic's
  // Site, a far address) as an index into far_origins_.
  static std::uintptr_t OriginBase();
  std::uint32_t EncodeOrigin(std::uint64_t origin, bool site, std::uint8_t* far_flag);
  std::uint64_t OriginOf(const Slot& s) const {
    if ((s.flags & Slot::kOriginFar) != 0) return far_origins_[s.origin];
    return origin_base_ + static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(s.origin)));
  }
  // The origin code of a near return address; false when it is too far (Access then records it).
  bool NearOrigin(std::uintptr_t pc, std::uint32_t* code) const {
    const std::uint64_t offset = pc - origin_base_;
    if (((offset + 0x80000000ull) >> 32) != 0) return false;
    *code = static_cast<std::uint32_t>(offset);
    return true;
  }
  const std::uintptr_t origin_base_ = OriginBase();
  std::vector<std::uint64_t> far_origins_;
  std::unordered_map<std::uint64_t, std::uint32_t> far_index_;

  // `same_value`: 1 when both writes stored the same bytes, 0 when not, -1 unknown or not two writes.
  [[noreturn]] void ReportRace(Lane& lane, Space space, std::uintptr_t address, std::size_t size, const Who& who,
                               const Slot& previous, int same_value);
  // A race whose second access is a plain store: held until the store has happened (the next call
  // into the detector), so that the report can say whether it changed the bytes.
  struct PendingRace {
    Lane* lane = nullptr;
    Space space = Space::kShared;
    std::uintptr_t address = 0;
    std::size_t size = 0;
    Who who{};
    Slot previous{};
    unsigned char before[16] = {};
  } pending_race_;
  void FlushRace() {
    if (__builtin_expect(pending_race_.lane != nullptr, 0)) ReportPendingRace();
  }
  [[noreturn]] void ReportPendingRace();
  [[noreturn]] void ReportHostRace(std::uintptr_t address, std::size_t size, bool write, std::uintptr_t pc,
                                   const Slot& kernel_access);
  // MEM-5: library uses since the host last waited (checked against the next launch), those of
  // them the running launch is not ordered with, the last launch's stream, and the streams that
  // waited on an event since it.
  struct LibraryRange {
    LibraryUse use;          // its call and operand point into the strings below
    std::string call, operand;  // kept: the caller's texts may be temporaries
    std::uintptr_t begin, end;
    std::vector<std::uintptr_t> callers;  // return addresses at the call, to name the program's line
  };
  std::vector<LibraryRange> library_uses_;
  std::vector<LibraryRange> unordered_library_;
  cudaStream_t launch_stream_ = nullptr;
  bool launched_ = false;
  std::vector<cudaStream_t> waited_streams_;
  // True when work on `later` is ordered after work issued earlier to `earlier` (same stream, or
  // the legacy default stream with a blocking stream).
  static bool StreamOrdered(cudaStream_t earlier, cudaStream_t later);
  // A kernel's access [a, a + size) against the unordered library uses; reports on a conflict.
  void CheckLibraryUses(Lane& lane, std::uintptr_t a, std::size_t size, bool write, std::uintptr_t pc);
  [[noreturn]] void ReportLibraryAfterKernel(const LibraryUse& use, const std::vector<std::uintptr_t>& callers,
                                             std::uintptr_t a, std::size_t size, const Slot& kernel_access);
  [[noreturn]] void ReportKernelAfterLibrary(Lane& lane, const LibraryRange& library, std::uintptr_t a,
                                             std::size_t size, bool write, std::uintptr_t pc);
  [[noreturn]] void ReportLibraryUninitialized(const LibraryUse& use, const std::vector<std::uintptr_t>& callers,
                                               std::uintptr_t a, std::size_t size, const GlobalRange* range);
  // Launches whose accesses the shadow still holds (launch_order.cpp): their blocks are numbered
  // from `base` in the shadow and clocks, so that two launches' blocks never share a number.
  struct LaunchInfo {
    std::uint32_t id;
    std::uint32_t base;
    std::uint32_t blocks;
    dim3 grid;
    dim3 block;
    const char* kernel;
    Site site;
  };
  std::vector<LaunchInfo> launches_;  // the last one is the running launch
  std::uint32_t launch_base_ = 0;     // the running launch's first block number
  // True when the launch that block number `block` belongs to happens before the running one.
  bool EarlierLaunchOrdered(std::uint32_t block) const;
  const LaunchInfo* LaunchOfBlock(std::uint32_t block) const;
  // Decides whether the shadow of earlier launches can go, and numbers the new launch's blocks.
  bool StartLaunch(const char* kernel, Site site, std::uint32_t launch, dim3 grid, dim3 block);
  // The last launch, for host-device race reports.
  const char* launch_kernel_ = nullptr;
  Site launch_site_{nullptr, 0, 0};
  const void* write_from_ = nullptr;
  int write_fill_ = -1;
  [[noreturn]] void ReportOutOfBounds(Lane& lane, Space space, std::uintptr_t address, std::size_t size,
                                      bool write, std::uintptr_t pc, const GlobalRange* range);
  [[noreturn]] void ReportUninitialized();
  // Reports a pending uninitialised read, if any (see pending_uninitialized_).
  void FlushUninitialized() {
    if (pending_uninitialized_.lane != nullptr) ReportUninitialized();
  }
  std::string DescribeMemory(Space space, std::uintptr_t address, const GlobalRange* range) const;
  std::string DescribeDeclaration(const SharedDeclaration& d) const;
  std::string DescribeDynamic() const;
  std::string DescribeThread(std::uint32_t block, std::uint16_t tid) const;

  // The running block.
  Block* block_ = nullptr;
  bool block_active_ = false;
  std::uint32_t block_linear_ = 0;
  std::uint32_t counter_ = 0;  // the block's epoch counter
  std::uintptr_t arena_ = 0;
  std::size_t arena_size_ = 0;
  std::vector<LaneClock> lanes_;
  // What the running block's threads would know if block-scoped synchronisation reached other
  // blocks, and one place such synchronisation happened: a race between blocks that this covers was
  // ordered only by a scope too narrow, which the report says (a hint: kept per block, not per lane,
  // so that it survives the __syncthreads that usually follows a one-thread handoff).
  Clock missed_;
  const Site* missed_site_ = nullptr;
  std::vector<SharedDeclaration> declarations_;
  Site dynamic_site_{nullptr, 0, 0};  // DynamicSharedDeclared
  dim3 grid_dim_{1, 1, 1};
  dim3 block_dim_{1, 1, 1};

  SharedShadow shared_;
  GlobalShadow global_;
  // Clocks published by releases, per atomic address; dropped when a launch starts.
  std::unordered_map<std::uintptr_t, SyncVar> sync_;
  std::deque<Site> sites_;  // interned atomic sites that slots point to
  std::unordered_map<std::uint64_t, const Site*> site_index_;
  // InternAt's copies, and the calls each keeps; IsUserFile per file name seen.
  std::deque<Site> called_sites_;
  std::unordered_multimap<std::uint64_t, const Site*> called_index_;
  std::unordered_map<const Site*, std::vector<std::uintptr_t>> calls_of_;
  std::unordered_map<const char*, bool> user_file_;
  // Joins lc's knowledge into scratch_; a base already joined (seen_) is skipped.
  void Gather(const LaneClock& lc);
  // Gives the lanes of `tids` the knowledge gathered in scratch_, shared, and a new epoch each.
  template <class Tids>
  void Distribute(const Tids& tids);
  std::uint32_t OwnBlockWhole(const LaneClock& lc) const;

  Clock scratch_;
  std::vector<const Clock*> seen_;

  // The first read of shared memory that no thread had written yet. It is reported at the next
  // __syncthreads or at the end of the block, not at once: when another lane writes those bytes
  // later with nothing ordering the two, the defect is the race (reported first, at the write),
  // and the read was only its symptom under this schedule.
  struct PendingRead {
    Lane* lane = nullptr;
    Space space = Space::kShared;
    const GlobalRange* range = nullptr;  // kGlobalAllocation: the cudaMalloc block
    std::uintptr_t address = 0;
    std::size_t size = 0;
    std::uintptr_t pc = 0;
    std::vector<std::uintptr_t> calls;  // on the lane's stack at the read (CallsOnStack)
  } pending_uninitialized_;

  // Blocks resident at once (sched/interleaved_grid.cpp) take turns on one thread: the state of the
  // block not running is parked here and swapped back when one of its lanes calls in
  // (resident_blocks.cpp). Shared shadows are kept per arena for reuse.
  struct ParkedBlock {
    Block* block = nullptr;
    std::uint32_t linear = 0;
    std::uint32_t counter = 0;
    std::uintptr_t arena = 0;
    std::size_t arena_size = 0;
    std::vector<LaneClock> lanes;
    std::vector<SharedDeclaration> declarations;
    SharedShadow shared;
    Clock missed;
    const Site* missed_site = nullptr;
    PendingRead pending;
  };
  std::vector<ParkedBlock> parked_;
  std::vector<SharedShadow> spare_shadows_;
  void Park();
  bool Unpark(Block& block);
  // Makes shared_ the shadow of `arena` (a spare one kept for it, if any).
  void UseShadowFor(const unsigned char* arena);
};

Detector& GetDetector();

}  // namespace warpsafe::engine::race
