// The one Poisson range the engine refuses (see distributions.h).
#include <cstdio>
#include <string>

#include "report/report.h"
#include "warpsafe/engine/curand/refusals.h"

namespace warpsafe::engine::curand_detail {

void PoissonRangeUnsupported(double lambda, Site site) {
  char text[256];
  std::snprintf(text, sizeof text,
                "curand_poisson with lambda %g: for 64 <= lambda <= 4000 the GPU draws by a rejection method "
                "built on its approximate exp2/log2 instructions, which the engine does not reproduce",
                lambda);
  Report(DefectKind::kUnsupported).AtRunning(site, text).Emit();
}

}  // namespace warpsafe::engine::curand_detail
