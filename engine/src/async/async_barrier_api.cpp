// The asynchronous barrier primitives' entry points (warpsafe/engine/async_barrier.h) on the
// block's table of mbarriers.
#include "async/async_state.h"
#include "sched/block.h"
#include "warp/rendezvous.h"
#include "warpsafe/engine/async_barrier.h"

namespace warpsafe::engine {

void MBarrierInit(void* bar, std::uint32_t count, Site site) {
  Lane& self = RequireLane("__mbarrier_init", site);
  async::Of(*self.block).Init(self, bar, count, site);
}

void MBarrierInval(void* bar, Site site) {
  Lane& self = RequireLane("__mbarrier_inval", site);
  async::Of(*self.block).Inval(bar);
}

std::uint64_t MBarrierArrive(void* bar, bool drop, Site site) {
  Lane& self = RequireLane(drop ? "__mbarrier_arrive_and_drop" : "__mbarrier_arrive", site);
  const std::uint64_t token = async::Of(*self.block).Arrive(self, bar, 1, drop, false, site);
  SchedulingPoint(site);
  return token;
}

bool MBarrierTestWait(void* bar, std::uint64_t token, bool parity, Site site) {
  Lane& self = RequireLane("__mbarrier_test_wait", site);
  return async::Of(*self.block).TestWait(self, bar, token, parity, site);
}

void MBarrierWait(void* bar, std::uint64_t token, bool parity, Site site) {
  Lane& self = RequireLane("__mbarrier_try_wait", site);
  async::Of(*self.block).Wait(self, bar, token, parity, site);
}

std::uint32_t MBarrierPendingCount(std::uint64_t token) { return async::BlockAsync::PendingCount(token); }

}  // namespace warpsafe::engine
