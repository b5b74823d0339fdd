// Instrumentation points of the single-pass device kernels. The library passes NoProbe, whose
// calls compile to nothing; the GPU benchmark (bench/gpu/device_bench.cu, --phases) passes a probe
// that records, per tile, when each phase ended and how far its look-back walked: the measurements
// that decide the look-back's window and the tile shape (BENCHMARKS.md).
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_PROBE_CUH_
#define WARPSAFE_DETAIL_DEVICE_PROBE_CUH_

#include <cstdint>

#include "warpsafe/detail/config.cuh"

namespace warpsafe::detail {

// The phases of a tile, in the order they end.
enum ProbePhase : int {
  kProbeStarted = 0,     // the tile's ticket is taken
  kProbeScanned = 1,     // its items are loaded and scanned within the tile
  kProbeAggregate = 2,   // its aggregate is published
  kProbePrefix = 3,      // its exclusive prefix is known to the whole block
  kProbeStored = 4,      // its results are written (issued)
  kProbePhases = 5
};

struct NoProbe {
  WARPSAFE_DEVICE void Phase(std::int64_t, ProbePhase) const {}
  WARPSAFE_DEVICE void LookBack(std::int64_t, unsigned /*windows*/, unsigned /*polls*/) const {}
};

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_PROBE_CUH_
