// What the engine's curand refuses at run time, each with one report (exit 66).
#pragma once

#include "warpsafe/engine/api.h"

namespace warpsafe::engine::curand_detail {

// curand_poisson with 64 <= lambda <= 4000 (see distributions.h), called at `site`.
[[noreturn]] void PoissonRangeUnsupported(double lambda, Site site);

}  // namespace warpsafe::engine::curand_detail
