// The api.h entry points that are not warp collectives: scheduling points, fences, the barrier,
// shared memory, clocks. Each resolves the calling lane and hands over to its Block.
#include <atomic>
#include <chrono>

#include "race/race.h"
#include "report/report.h"
#include "sched/block.h"
#include "sched/progress_count.h"
#include "sched/shared_layout.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {

void NotInKernel(const char* what, Site site) {
  Report(DefectKind::kNotInKernel)
      .Where("host code")
      .At(site, std::string(what) + " is a device built-in, used here outside any kernel")
      .Emit();
}

void SchedulingPoint(Site site) {
  Lane* self = CurrentLaneOrNull();
  if (self == nullptr) return;  // host code: atomics on managed memory are legal there
  self->site = site;
  self->block->Yield(*self);
}

void NoteProgress() {
  Lane* self = CurrentLaneOrNull();
  if (self != nullptr) self->block->NoteProgress();
  BumpProgressCount();
}

void NoteProgress(const void* address) {
  Lane* self = CurrentLaneOrNull();
  if (self != nullptr) {
    self->block->NoteProgress();
    if (self->block->HoldsShared(address)) return;
  }
  BumpProgressCount();
}

void Fence(FenceScope scope, Site site) {
  // Lanes of one block share an OS thread; blocks run on several: a real fence orders them.
  if (scope != FenceScope::kBlock) std::atomic_thread_fence(std::memory_order_seq_cst);
  if (race::Enabled()) {
    if (Lane* self = CurrentLaneOrNull()) {
      self->site = site;  // the detector names the fence by its site
      race::Fence(*self, scope);
    }
  }
  SchedulingPoint(site);
}

bool AtomicPoint(const void* address, std::size_t size, Site site, FenceScope scope) {
  Lane* self = CurrentLaneOrNull();
  if (self == nullptr) return false;  // host code: atomics on managed memory are legal there
  if (race::Enabled()) {
    race::Atomic(*self, address, size, site, scope);
    self->site = site;
    self->block->Yield(*self);
    return false;  // the detector watches every access: the caller's locked instruction stays
  }
  self->site = site;
  Block& block = *self->block;
  block.Yield(*self);
  // After the switch back: the caller's block is the same, and its arena is where it was.
  return block.HoldsShared(address);
}

void NanoSleep(unsigned, Site site) { SchedulingPoint(site); }

// The device's cycle counter (docs/semantics/ptx.md, PTX-SREG-3): a monotonic clock in
// nanoseconds, plus kCyclesPerRead for every read made so far by any GPU thread. A GPU runs its
// threads side by side, so a thread that waits for a number of cycles waits about that long
// however many threads wait with it; the engine runs them one after another, and a counter of real
// time alone made N threads' waits cost N times one wait (a graph's kernel of 16M threads, each
// waiting 5 µs of cycles, ran for minutes per launch). With every read advancing the count, such a
// wait ends after a few reads; the counter stays strictly increasing for every thread and never
// runs slower than real time.
namespace {
constexpr long long kCyclesPerRead = 4096;
std::atomic<long long> g_clock_reads{0};
}  // namespace

long long Clock64() {
  const long long reads = g_clock_reads.fetch_add(1, std::memory_order_relaxed);
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
             .count() +
         reads * kCyclesPerRead;
}

int SyncThreads(BarrierOp op, int predicate, Site site) {
  Lane& self = RequireLane("__syncthreads", site);
  return self.block->ArriveBarrier(self, op, predicate, site);
}

void* DynamicShared(Site site) {
  Block& block = *RequireLane("extern __shared__", site).block;
  if (race::Enabled()) race::DynamicSharedDeclared(block, site);
  return block.DynamicShared();
}

void* StaticShared(const void* key, std::size_t size, std::size_t align, Site site) {
  return RequireLane("__shared__", site).block->StaticShared(key, size, align, site);
}

void RegisterStaticShared(const void* key, std::size_t size, std::size_t align) {
  RegisterStaticSharedDeclaration(key, size, align);
}

void Trap(Site site) {
  Lane& self = RequireLane("__trap", site);
  std::fprintf(stderr, "warpsafe: __trap() at %s in %s: the launch fails with cudaErrorLaunchFailure\n",
               FormatSite(site).c_str(), self.block->Describe(self).c_str());
  self.block->Abort(self, 719 /* cudaErrorLaunchFailure */);
}

void FalseAssumption(Site site) {
  Report(DefectKind::kFalseAssumption)
      .AtRunning(site, "__builtin_assume")
      .Line("the condition is false; the compiler may then generate any code (undefined behaviour)")
      .Emit();
}

}  // namespace warpsafe::engine
