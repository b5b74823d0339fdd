// cudaGraphDebugDotPrint: a graph written as a Graphviz DOT file (docs/semantics/graph_capture.md,
// GRAPH-DOT-1). Each node is a box labelled with its index in creation order and its type (and,
// for a kernel, the kernel's name; for a library call captured from a stream, the routine); each
// dependency is an edge from the node that runs first. A child graph or a conditional node's body
// is a cluster of its own, entered by a dashed edge from the node that owns it. The flags choose
// extra detail: with any of them, kernel nodes show their launch shape, memcpy and memset nodes
// their sizes, and conditional nodes their kind and handle; with cudaGraphDebugDotFlagsHandles,
// every node's handle.
#include <cstdio>
#include <string>
#include <unordered_map>

#include "cuda_runtime_api.h"
#include "graph/graph.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::graph {
namespace {

const char* TypeName(cudaGraphNodeType type) {
  switch (type) {
    case cudaGraphNodeTypeKernel: return "kernel";
    case cudaGraphNodeTypeMemcpy: return "memcpy";
    case cudaGraphNodeTypeMemset: return "memset";
    case cudaGraphNodeTypeHost: return "host";
    case cudaGraphNodeTypeGraph: return "child graph";
    case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeWaitEvent: return "event wait";
    case cudaGraphNodeTypeEventRecord: return "event record";
    case cudaGraphNodeTypeMemAlloc: return "mem alloc";
    case cudaGraphNodeTypeMemFree: return "mem free";
    case cudaGraphNodeTypeConditional: return "conditional";
    default: return "node";  // the external semaphore kinds, which the engine never makes
  }
}

// Text inside a DOT string: quotes and backslashes escaped, line breaks as DOT's \n.
std::string Escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string Dim(const dim3& d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

class DotWriter {
 public:
  DotWriter(std::FILE* out, unsigned flags) : out_(out), flags_(flags) {}

  // Writes `g`'s nodes inside a cluster labelled `label`, then its edges, then its nested graphs.
  // Nodes are named by their graph's number in the file (0: the one printed) and their index.
  void Graph(const CUgraph_st& g, const std::string& label) {
    const int id = next_graph_++;
    std::fprintf(out_, "subgraph cluster_%d {\n  label=\"%s\";\n", id, Escape(label).c_str());
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
      const CUgraphNode_st& n = *g.nodes[i];
      names_[&n] = "g" + std::to_string(id) + "_n" + std::to_string(i);
      std::fprintf(out_, "  %s [label=\"%s\"];\n", names_[&n].c_str(), Escape(Label(n, i)).c_str());
    }
    std::fprintf(out_, "}\n");
    for (const auto& n : g.nodes) {
      for (const CUgraphNode_st* d : n->deps) {
        std::fprintf(out_, "%s -> %s;\n", names_.at(d).c_str(), names_.at(n.get()).c_str());
      }
    }
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
      const CUgraphNode_st& n = *g.nodes[i];
      if (n.child != nullptr) Nested(n, *n.child, label + " / node " + std::to_string(i) + " child graph");
      for (std::size_t b = 0; b < n.bodies.size(); ++b) {
        Nested(n, *n.bodies[b], label + " / node " + std::to_string(i) + " body " + std::to_string(b));
      }
    }
  }

 private:
  // A nested graph's cluster and a dashed edge from its owner to each of its first nodes (or to
  // an invisible point when it is empty).
  void Nested(const CUgraphNode_st& owner, const CUgraph_st& g, const std::string& label) {
    const int id = next_graph_;
    Graph(g, label);
    bool any = false;
    for (const auto& n : g.nodes) {
      if (!n->deps.empty()) continue;
      any = true;
      std::fprintf(out_, "%s -> %s [style=dashed];\n", names_.at(&owner).c_str(), names_.at(n.get()).c_str());
    }
    if (!any) {
      std::fprintf(out_, "empty_%d [shape=point];\n%s -> empty_%d [style=dashed];\n", id, names_.at(&owner).c_str(),
                   id);
    }
  }

  std::string Label(const CUgraphNode_st& n, std::size_t index) const {
    std::string text = std::to_string(index) + ": " + TypeName(n.type);
    const bool detail = flags_ != 0;
    switch (n.type) {
      case cudaGraphNodeTypeKernel:
        if (n.library != nullptr) {
          text += std::string("\n") + n.library->call;
        } else if (n.kernel.spec.kernel_name != nullptr) {
          text += std::string("\n") + n.kernel.spec.kernel_name;
        }
        if (detail && n.library == nullptr) {
          text += "\ngrid " + Dim(n.kernel.spec.grid) + " block " + Dim(n.kernel.spec.block);
        }
        break;
      case cudaGraphNodeTypeMemcpy:
        if (detail) {
          text += "\n" + std::to_string(n.copy.width) + " x " + std::to_string(n.copy.height) + " x " +
                  std::to_string(n.copy.depth) + " bytes";
        }
        break;
      case cudaGraphNodeTypeMemset:
        if (detail) {
          text += "\n" + std::to_string(n.set.width) + " x " + std::to_string(n.set.height) + " elements of " +
                  std::to_string(n.set.elementSize) + " bytes";
        }
        break;
      case cudaGraphNodeTypeMemAlloc:
        if (detail) text += "\n" + std::to_string(n.alloc.bytesize) + " bytes";
        break;
      case cudaGraphNodeTypeConditional:
        if (detail) {
          const char* kind = n.cond_type == cudaGraphCondTypeIf      ? "if"
                             : n.cond_type == cudaGraphCondTypeWhile ? "while"
                                                                     : "switch";
          text += std::string("\n") + kind + ", handle " + std::to_string(n.cond_handle);
        }
        break;
      default: break;
    }
    if ((flags_ & (cudaGraphDebugDotFlagsHandles | cudaGraphDebugDotFlagsVerbose)) != 0) {
      char handle[32];
      std::snprintf(handle, sizeof handle, "%p", static_cast<const void*>(&n));
      text += std::string("\nnode ") + handle;
    }
    return text;
  }

  std::FILE* out_;
  unsigned flags_;
  int next_graph_ = 0;
  std::unordered_map<const CUgraphNode_st*, std::string> names_;
};

}  // namespace
}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;

// A null path or a graph that does not exist is cudaErrorInvalidValue; a file that cannot be
// written is cudaErrorOperatingSystem.
extern "C" cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char* path, unsigned int flags) {
  return warpsafe::engine::runtime::Call([&] {
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (path == nullptr || !gr::IsLiveGraph(graph)) return cudaErrorInvalidValue;
    std::FILE* out = std::fopen(path, "w");
    if (out == nullptr) return cudaErrorOperatingSystem;
    std::fprintf(out, "digraph cuda_graph {\ncompound=true;\nnode [shape=box];\n");
    gr::DotWriter(out, flags).Graph(*graph, "graph");
    std::fprintf(out, "}\n");
    return std::fclose(out) == 0 ? cudaSuccess : cudaErrorOperatingSystem;
  });
}
