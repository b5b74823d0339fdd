// warpsafe's device collectives: single-pass scans, reductions and compaction over whole arrays,
// with a CUB-style host API (temporary-storage query, streams). Built on the block and warp
// collectives; the same source builds with nvcc and against the warpsafe engine.
#pragma once
#ifndef WARPSAFE_DEVICE_CUH_
#define WARPSAFE_DEVICE_CUH_

#include "warpsafe/device/device_reduce.cuh"
#include "warpsafe/device/device_scan.cuh"
#include "warpsafe/device/device_select.cuh"

#endif  // WARPSAFE_DEVICE_CUH_
