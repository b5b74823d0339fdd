// What the engine's curand refuses at run time, each with one report (exit 66).
#pragma once

namespace warpsafe::engine::curand_detail {

// curand_poisson with 64 <= lambda <= 4000 (see distributions.h).
[[noreturn]] void PoissonRangeUnsupported(double lambda);

}  // namespace warpsafe::engine::curand_detail
