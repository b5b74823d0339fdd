// The allocation table's side of graph allocations (memory alloc nodes, graph/mem_nodes.cpp). A
// graph allocation's address is fixed when its node is made and belongs to the graph for the life of
// the process; between a free and the next run of its alloc node the block is out of the table, so
// that every use of it is a use of freed memory to the runtime and the checker alike, while the
// memory itself is kept for the next launch. Internal to the engine.
#pragma once

#include "runtime/allocations.h"

namespace warpsafe::engine::runtime {

// The flag of a graph allocation's AllocationInfo: Release (cudaFree, cudaFreeAsync) takes it out
// of the table as it takes any block, but keeps its memory.
inline constexpr unsigned kGraphOwnedFlag = 1u << 31;

// Takes the graph allocation that starts at `p` out of the table (the checker sees it freed),
// keeping its memory. False when no live graph allocation starts there.
bool Retire(void* p);
// Records a graph allocation again with the same address and size, its bytes refilled as fresh
// memory is. False when the block is already in the table.
bool Reinstate(const AllocationInfo& info);

}  // namespace warpsafe::engine::runtime
