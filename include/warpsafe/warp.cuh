// warpsafe's warp collectives: Volta-safe, header-only, one public collective per header.
// The same source builds with nvcc (sm_75 and later) and with the host compiler against the
// warpsafe engine; inline PTX lives only in detail/, each use with a portable _sync fallback.
#pragma once
#ifndef WARPSAFE_WARP_CUH_
#define WARPSAFE_WARP_CUH_

#include "warpsafe/warp/operators.cuh"
#include "warpsafe/warp/warp_aggregated_atomic.cuh"
#include "warpsafe/warp/warp_ballot_pack.cuh"
#include "warpsafe/warp/warp_broadcast.cuh"
#include "warpsafe/warp/warp_leader.cuh"
#include "warpsafe/warp/warp_rank.cuh"
#include "warpsafe/warp/warp_reduce.cuh"
#include "warpsafe/warp/warp_scan.cuh"
#include "warpsafe/warp/warp_shuffle.cuh"

#endif  // WARPSAFE_WARP_CUH_
