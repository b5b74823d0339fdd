// warpsafe's block collectives: scan and reduce over a thread block, built on the warp collectives.
// Header-only CUDA C++; the same source builds with nvcc and against the warpsafe engine.
#pragma once

#include "warpsafe/block/block_reduce.cuh"
#include "warpsafe/block/block_scan.cuh"
