// A use of cooperative groups that the engine does not provide: one report, never a guess. And a
// call that CUDA's own cooperative groups reject at run time by trapping: the same trap here.
#include <cstdio>

#include "report/report.h"
#include "sched/block.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {

void GroupUnsupported(const char* what, Site site) {
  Lane* self = CurrentLaneOrNull();
  Report report(DefectKind::kUnsupported);
  if (self != nullptr) report.Where(self->block->Describe(*self));
  report.AtRunning(site, what).Line("cooperative groups on the engine: see docs/semantics/cg.md").Emit();
}

void GroupTrap(const char* why, Site site) {
  Lane& self = RequireLane("a cooperative group", site);
  // The same line as __trap()'s (device_api.cpp), with the reason CUDA traps.
  std::fprintf(stderr,
               "warpsafe: __trap() at %s in %s: %s (docs/semantics/cg.md); the launch fails with "
               "cudaErrorLaunchFailure\n",
               FormatSite(site).c_str(), self.block->Describe(self).c_str(), why);
  self.block->Abort(self, 719 /* cudaErrorLaunchFailure */);
}

}  // namespace warpsafe::engine
