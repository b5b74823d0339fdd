// warpsafe's block collectives: scan and reduce over a thread block, built on the warp collectives.
// Header-only CUDA C++; the same source builds with nvcc and against the warpsafe engine.
#pragma once
#ifndef WARPSAFE_BLOCK_CUH_
#define WARPSAFE_BLOCK_CUH_

#include "warpsafe/block/block_reduce.cuh"
#include "warpsafe/block/block_scan.cuh"

#endif  // WARPSAFE_BLOCK_CUH_
