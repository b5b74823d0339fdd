// Executable graphs (exec.cpp) as the parts of the engine that change them after instantiation
// see them: cudaGraphExecUpdate and the cudaGraphExec*SetParams calls (exec_update.cpp). Internal
// to the engine; every function here is called with Lock() held.
#pragma once

#include <unordered_map>
#include <unordered_set>

#include "graph/graph.h"

struct CUgraphExec_st {
  CUgraph_st* graph;  // the snapshot, owned
  unsigned long long flags;  // as instantiated (cudaGraphInstantiateFlagAutoFreeOnLaunch, ...)
  const CUgraph_st* source;  // the graph it was instantiated from, null once that is destroyed
  // The snapshot's node for each node of the graph it was instantiated from (and, after a
  // cudaGraphExecUpdate, of the graph it was updated from): the handles the program passes to the
  // cudaGraphExec*SetParams calls are those of its own graphs, never the snapshot's.
  std::unordered_map<const CUgraphNode_st*, CUgraphNode_st*> from_source;
};

namespace warpsafe::engine::graph {

// The executable graphs instantiated and not destroyed.
std::unordered_set<const CUgraphExec_st*>& LiveExecs();

// Maps each of `source`'s nodes to the snapshot's node made from it (CloneGraph keeps the order of
// creation, so the i-th node of each).
void MapSnapshot(const CUgraph_st& source, CUgraphExec_st* exec);

}  // namespace warpsafe::engine::graph
