// The pipeline primitives' entry points (warpsafe/engine/async_copy.h) on the block's table.
#include "async/async_state.h"
#include "report/report.h"
#include "sched/block.h"
#include "warp/rendezvous.h"
#include "warpsafe/engine/async_copy.h"

namespace warpsafe::engine {

void AsyncCopy(void* dst, const void* src, std::size_t size, std::size_t zfill, Site site) {
  Lane& self = RequireLane("__pipeline_memcpy_async", site);
  const auto d = reinterpret_cast<std::uintptr_t>(dst);
  const auto s = reinterpret_cast<std::uintptr_t>(src);
  if ((size != 4 && size != 8 && size != 16) || zfill > size || d % size != 0 || s % size != 0 ||
      !self.block->HoldsShared(dst)) {
    Report(DefectKind::kUnsupported)
        .Where(self.block->Describe(self))
        .At(self, site, "__pipeline_memcpy_async of " + std::to_string(size) + " bytes (zero fill " + std::to_string(zfill) +
                      ") to " + (self.block->HoldsShared(dst) ? "shared" : "non-shared") + " memory")
        .Line("the size must be 4, 8 or 16, both pointers aligned to it, the destination in shared memory and the "
              "zero fill at most the size (ASYNC-COPY-3)")
        .Emit();
  }
  async::Of(*self.block)
      .IssueCopy(self, dst, src, static_cast<std::uint32_t>(size), static_cast<std::uint32_t>(size - zfill),
                 reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
  SchedulingPoint(site);
}

void AsyncCopyBytes(void* dst, const void* src, std::size_t bytes, Site site) {
  Lane& self = RequireLane("memcpy_async", site);
  async::Of(*self.block)
      .IssueCopy(self, dst, src, static_cast<std::uint32_t>(bytes), static_cast<std::uint32_t>(bytes),
                 reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
}

void AsyncCommit(Site site) {
  Lane& self = RequireLane("__pipeline_commit", site);
  async::Of(*self.block).Commit(self);
}

void AsyncWaitPrior(std::size_t prior, Site site) {
  Lane& self = RequireLane("__pipeline_wait_prior", site);
  async::Of(*self.block).WaitGroups(self, static_cast<unsigned>(prior), false);
  SchedulingPoint(site);
}

void AsyncArriveOn(void* mbarrier, Site site) {
  Lane& self = RequireLane("__pipeline_arrive_on", site);
  async::Of(*self.block).ArriveOnCopies(self, mbarrier, false, site);
}

}  // namespace warpsafe::engine
