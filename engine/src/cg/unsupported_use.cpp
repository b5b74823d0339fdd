// A use of cooperative groups that the engine does not provide: one report, never a guess.
#include "report/report.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {

void GroupUnsupported(const char* what, Site site) {
  Lane* self = CurrentLaneOrNull();
  Report report(DefectKind::kUnsupported);
  if (self != nullptr) report.Where(self->block->Describe(*self));
  report.At(site, what).Line("cooperative groups on the engine: see docs/semantics/cg.md").Emit();
}

}  // namespace warpsafe::engine
