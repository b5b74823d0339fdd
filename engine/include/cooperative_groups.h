// <cooperative_groups.h> for programs run by the engine: groups of threads as values, with their
// collectives built on the engine's warp rendezvous and block barrier, the same ones the warp
// intrinsics use (engine/src/cg, engine/src/warp). The rules, each with its source in the CUDA
// C++ Programming Guide and its test: docs/semantics/cg.md.
#pragma once

#include "cuda_runtime.h"
#include "warpsafe/engine/cg/cluster_group.h"
#include "warpsafe/engine/cg/coalesced_group.h"
#include "warpsafe/engine/cg/functional.h"
#include "warpsafe/engine/cg/grid_group.h"
#include "warpsafe/engine/cg/group_base.h"
#include "warpsafe/engine/cg/invoke.h"
#include "warpsafe/engine/cg/partition.h"
#include "warpsafe/engine/cg/thread_block.h"
#include "warpsafe/engine/cg/thread_block_tile.h"
