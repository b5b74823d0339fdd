// Stream capture: the rules are in capture.h.
#include "graph/capture.h"

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "cuda_runtime_api.h"
#include "runtime/runtime_call.h"
#include "runtime/streams.h"

namespace warpsafe::engine::graph {

std::atomic<int> g_active_captures{0};

namespace {

struct Capture {
  CUgraph_st* graph;
  cudaStream_t origin;
  cudaStreamCaptureMode mode;
  unsigned long long id;
  bool invalidated = false;
  bool into_program_graph = false;  // cudaStreamBeginCaptureToGraph: the graph is the program's
};

struct Member {
  Capture* capture;
  std::vector<CUgraphNode_st*> tail;  // what the stream's next node depends on
};

struct State {
  std::unordered_map<cudaStream_t, Member> streams;
  std::unordered_map<cudaEvent_t, Member> events;  // events recorded in a capture
  std::vector<std::unique_ptr<Capture>> captures;
  unsigned long long next_id = 1;
};

State& S() {
  static auto* state = new State();  // outlives static destructors
  return *state;
}

void AddToTail(std::vector<CUgraphNode_st*>* tail, const std::vector<CUgraphNode_st*>& more) {
  for (CUgraphNode_st* n : more) {
    if (std::find(tail->begin(), tail->end(), n) == tail->end()) tail->push_back(n);
  }
}

// Adds a node of `type` after the stream's tail; the caller fills in what it does. Lock held.
cudaError_t Append(cudaStream_t stream, cudaGraphNodeType type, CUgraphNode_st** out) {
  auto it = S().streams.find(stream);
  if (it == S().streams.end()) return cudaErrorIllegalState;
  Member& m = it->second;
  if (m.capture->invalidated) return cudaErrorStreamCaptureInvalidated;
  if (cudaError_t e = AddNode(m.capture->graph, type, m.tail.data(), m.tail.size(), out); e != cudaSuccess) return e;
  m.tail.assign(1, *out);
  return cudaSuccess;
}

// Ends `c`: its streams leave capture mode and its events stop standing for nodes. Lock held.
void Finish(Capture* c) {
  State& s = S();
  for (auto it = s.streams.begin(); it != s.streams.end();) it = it->second.capture == c ? s.streams.erase(it) : ++it;
  for (auto it = s.events.begin(); it != s.events.end();) it = it->second.capture == c ? s.events.erase(it) : ++it;
  s.captures.erase(std::find_if(s.captures.begin(), s.captures.end(), [c](auto& p) { return p.get() == c; }));
  g_active_captures.fetch_sub(1, std::memory_order_relaxed);
}

// Every stream of `c` other than the origin has had its work joined back into the origin: each
// node of its tail is the origin's tail or one of its ancestors. Lock held.
bool AllJoined(const Capture* c) {
  const Member& origin = S().streams.at(c->origin);
  std::unordered_set<const CUgraphNode_st*> seen(origin.tail.begin(), origin.tail.end());
  std::vector<const CUgraphNode_st*> work(origin.tail.begin(), origin.tail.end());
  while (!work.empty()) {
    const CUgraphNode_st* n = work.back();
    work.pop_back();
    for (const CUgraphNode_st* d : n->deps) {
      if (seen.insert(d).second) work.push_back(d);
    }
  }
  for (const auto& [stream, m] : S().streams) {
    if (m.capture != c || stream == c->origin) continue;
    for (const CUgraphNode_st* n : m.tail) {
      if (seen.count(n) == 0) return false;
    }
  }
  return true;
}

template <class Body>
cudaError_t Locked(Body&& body) {
  std::lock_guard<std::mutex> lock(Lock());
  return body();
}

}  // namespace

bool IsCapturingSlow(cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(Lock());
  return S().streams.count(stream) != 0;
}

cudaError_t CaptureKernel(cudaStream_t stream, const LaunchSpec& spec, KernelEntry entry, const void* closure,
                          const ClosureOps* ops) {
  if (ops == nullptr) return CaptureUnsupported(stream);
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeKernel, &node); e != cudaSuccess) return e;
    node->kernel.spec = spec;
    node->kernel.entry = entry;
    node->kernel.closure = ops->copy(closure);  // the arguments as they are now
    node->kernel.ops = ops;
    node->kernel_params.func = const_cast<void*>(spec.kernel_key);
    node->kernel_params.gridDim = spec.grid;
    node->kernel_params.blockDim = spec.block;
    node->kernel_params.sharedMemBytes = static_cast<unsigned>(spec.dynamic_smem);
    return cudaSuccess;
  });
}

cudaError_t CaptureCopy(cudaStream_t stream, const Copy& copy) {
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeMemcpy, &node); e != cudaSuccess) return e;
    node->copy = copy;
    return cudaSuccess;
  });
}

cudaError_t CaptureSet(cudaStream_t stream, const cudaMemsetParams& set) {
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeMemset, &node); e != cudaSuccess) return e;
    node->set = set;
    return cudaSuccess;
  });
}

cudaError_t CaptureHost(cudaStream_t stream, cudaHostFn_t fn, void* user_data) {
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeHost, &node); e != cudaSuccess) return e;
    node->host = cudaHostNodeParams{fn, user_data};
    return cudaSuccess;
  });
}

cudaError_t CaptureChildGraph(cudaStream_t stream, const CUgraph_st& graph) {
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeGraph, &node); e != cudaSuccess) return e;
    node->child = CloneGraph(graph);
    return cudaSuccess;
  });
}

cudaError_t CaptureLibraryNode(cudaStream_t stream, const char* call, std::function<cudaError_t()> work) {
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeKernel, &node); e != cudaSuccess) return e;
    node->library = std::make_shared<LibraryWork>(LibraryWork{call, std::move(work)});
    return cudaSuccess;
  });
}

cudaError_t CaptureMemAlloc(cudaStream_t stream, std::size_t size, const CallChain& callers, void** ptr) {
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeMemAlloc, &node); e != cudaSuccess) return e;
    void* p = nullptr;
    if (cudaError_t e = NewGraphAllocation(size, callers, &p); e != cudaSuccess) return e;
    node->alloc.poolProps.allocType = cudaMemAllocationTypePinned;
    node->alloc.poolProps.location = {cudaMemLocationTypeDevice, 0};
    node->alloc.bytesize = size;
    node->alloc.dptr = p;
    *ptr = p;
    return cudaSuccess;
  });
}

cudaError_t CaptureMemFree(cudaStream_t stream, void* ptr) {
  if (!IsGraphAllocation(ptr)) return CaptureUnsupported(stream);
  return Locked([&] {
    CUgraphNode_st* node = nullptr;
    if (cudaError_t e = Append(stream, cudaGraphNodeTypeMemFree, &node); e != cudaSuccess) return e;
    node->alloc.dptr = ptr;
    return cudaSuccess;
  });
}

cudaError_t CaptureUnsupported(cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(Lock());
  auto it = S().streams.find(stream);
  if (it != S().streams.end()) it->second.capture->invalidated = true;
  return cudaErrorStreamCaptureUnsupported;
}

cudaError_t CaptureEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return Locked([&] {
    auto it = S().streams.find(stream);
    if (it == S().streams.end()) return cudaErrorIllegalState;
    if (it->second.capture->invalidated) return cudaErrorStreamCaptureInvalidated;
    S().events[event] = it->second;
    return cudaSuccess;
  });
}

bool CaptureStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, cudaError_t* result) {
  std::lock_guard<std::mutex> lock(Lock());
  State& s = S();
  auto ev = s.events.find(event);
  auto st = s.streams.find(stream);
  if (ev == s.events.end()) return false;  // an event of completed work: nothing to wait for
  if (st == s.streams.end()) {
    s.streams[stream] = ev->second;  // fork: the stream joins the event's capture
  } else if (st->second.capture != ev->second.capture) {
    *result = cudaErrorStreamCaptureIsolation;  // would merge two captures
    return true;
  } else {
    AddToTail(&st->second.tail, ev->second.tail);  // join
  }
  *result = cudaSuccess;
  return true;
}

bool IsCapturedEvent(cudaEvent_t event) {
  std::lock_guard<std::mutex> lock(Lock());
  return S().events.count(event) != 0;
}

void ResetCaptures() {
  std::lock_guard<std::mutex> lock(Lock());
  State& s = S();
  while (!s.captures.empty()) {
    Capture* c = s.captures.back().get();
    if (!c->into_program_graph && IsLiveGraph(c->graph)) DeleteGraph(c->graph);
    Finish(c);
  }
}

}  // namespace warpsafe::engine::graph

namespace gr = warpsafe::engine::graph;
namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (mode != cudaStreamCaptureModeGlobal && mode != cudaStreamCaptureModeThreadLocal &&
        mode != cudaStreamCaptureModeRelaxed) {
      return cudaErrorInvalidValue;
    }
    if (stream == nullptr || stream == cudaStreamLegacy) return cudaErrorStreamCaptureUnsupported;
    std::lock_guard<std::mutex> lock(gr::Lock());
    gr::State& s = gr::S();
    if (s.streams.count(stream) != 0) return cudaErrorIllegalState;
    auto c = std::make_unique<gr::Capture>(gr::Capture{gr::NewGraph(), stream, mode, s.next_id++});
    s.streams[stream] = gr::Member{c.get(), {}};
    s.captures.push_back(std::move(c));
    gr::g_active_captures.fetch_add(1, std::memory_order_relaxed);
    return cudaSuccess;
  });
}

// Capturing into a graph the program made: the captured nodes follow `dependencies` of that graph;
// ending the capture leaves them there (the graph is the program's, whatever the outcome), and the
// graph handle it returns, where asked for, is that graph.
extern "C" cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                                     const cudaGraphNode_t* dependencies,
                                                     const cudaGraphEdgeData* dependencyData, size_t numDependencies,
                                                     enum cudaStreamCaptureMode mode) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (mode != cudaStreamCaptureModeGlobal && mode != cudaStreamCaptureModeThreadLocal &&
        mode != cudaStreamCaptureModeRelaxed) {
      return cudaErrorInvalidValue;
    }
    if (stream == nullptr || stream == cudaStreamLegacy) return cudaErrorStreamCaptureUnsupported;
    std::lock_guard<std::mutex> lock(gr::Lock());
    if (!gr::IsLiveGraph(graph) || (numDependencies != 0 && dependencies == nullptr)) return cudaErrorInvalidValue;
    for (std::size_t i = 0; i < numDependencies; ++i) {
      if (!gr::IsNodeOf(graph, dependencies[i])) return cudaErrorInvalidValue;
      if (dependencyData != nullptr && (dependencyData[i].from_port != 0 || dependencyData[i].to_port != 0 ||
                                        dependencyData[i].type != 0)) {
        return cudaErrorNotSupported;  // default edges only
      }
    }
    gr::State& s = gr::S();
    if (s.streams.count(stream) != 0) return cudaErrorIllegalState;
    auto c = std::make_unique<gr::Capture>(gr::Capture{graph, stream, mode, s.next_id++});
    c->into_program_graph = true;
    s.streams[stream] = gr::Member{c.get(), {dependencies, dependencies + numDependencies}};
    s.captures.push_back(std::move(c));
    gr::g_active_captures.fetch_add(1, std::memory_order_relaxed);
    return cudaSuccess;
  });
}

// Replaces the capturing stream's dependencies (cudaStreamSetCaptureDependencies) or adds to them.
extern "C" cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                           const cudaGraphEdgeData* dependencyData,
                                                           size_t numDependencies, unsigned int flags) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (flags != cudaStreamAddCaptureDependencies && flags != cudaStreamSetCaptureDependencies) {
      return cudaErrorInvalidValue;
    }
    std::lock_guard<std::mutex> lock(gr::Lock());
    auto it = gr::S().streams.find(stream);
    if (it == gr::S().streams.end()) return cudaErrorIllegalState;
    gr::Member& m = it->second;
    if (m.capture->invalidated) return cudaErrorStreamCaptureInvalidated;
    if (numDependencies != 0 && dependencies == nullptr) return cudaErrorInvalidValue;
    for (std::size_t i = 0; i < numDependencies; ++i) {
      if (!gr::IsNodeOf(m.capture->graph, dependencies[i])) return cudaErrorInvalidValue;
      if (dependencyData != nullptr && (dependencyData[i].from_port != 0 || dependencyData[i].to_port != 0 ||
                                        dependencyData[i].type != 0)) {
        return cudaErrorNotSupported;
      }
    }
    if (flags == cudaStreamSetCaptureDependencies) m.tail.clear();
    gr::AddToTail(&m.tail, std::vector<CUgraphNode_st*>(dependencies, dependencies + numDependencies));
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* pGraph) {
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    std::lock_guard<std::mutex> lock(gr::Lock());
    gr::State& s = gr::S();
    auto it = s.streams.find(stream);
    if (it == s.streams.end()) return pGraph == nullptr ? cudaErrorInvalidValue : cudaErrorIllegalState;
    gr::Capture* c = it->second.capture;
    // Only a capture into the program's own graph may leave the graph handle unasked for.
    if (pGraph == nullptr && !c->into_program_graph) return cudaErrorInvalidValue;
    if (c->origin != stream) return cudaErrorStreamCaptureUnmatched;
    cudaGraph_t ignored = nullptr;
    if (pGraph == nullptr) pGraph = &ignored;
    *pGraph = nullptr;
    cudaError_t result = cudaSuccess;
    if (c->invalidated) {
      result = cudaErrorStreamCaptureInvalidated;
    } else if (!gr::AllJoined(c)) {
      result = cudaErrorStreamCaptureUnjoined;
    }
    if (result == cudaSuccess) {
      *pGraph = c->graph;
    } else if (!c->into_program_graph) {
      gr::DeleteGraph(c->graph);
    }
    gr::Finish(c);
    return result;
  });
}

extern "C" cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus* pCaptureStatus) {
  return rt::Call([&] {
    if (pCaptureStatus == nullptr) return cudaErrorInvalidValue;
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    std::lock_guard<std::mutex> lock(gr::Lock());
    auto it = gr::S().streams.find(stream);
    *pCaptureStatus = it == gr::S().streams.end() ? cudaStreamCaptureStatusNone
                      : it->second.capture->invalidated ? cudaStreamCaptureStatusInvalidated
                                                        : cudaStreamCaptureStatusActive;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus* captureStatus_out,
                                                unsigned long long* id_out, cudaGraph_t* graph_out,
                                                const cudaGraphNode_t** dependencies_out,
                                                const cudaGraphEdgeData** edgeData_out, size_t* numDependencies_out) {
  return rt::Call([&] {
    if (captureStatus_out == nullptr) return cudaErrorInvalidValue;
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    std::lock_guard<std::mutex> lock(gr::Lock());
    auto it = gr::S().streams.find(stream);
    if (it == gr::S().streams.end()) {
      *captureStatus_out = cudaStreamCaptureStatusNone;
      return cudaSuccess;
    }
    const gr::Member& m = it->second;
    *captureStatus_out = m.capture->invalidated ? cudaStreamCaptureStatusInvalidated : cudaStreamCaptureStatusActive;
    if (id_out != nullptr) *id_out = m.capture->id;
    if (graph_out != nullptr) *graph_out = m.capture->graph;
    // The tail stays valid until the stream's next captured work, as CUDA's array does.
    if (dependencies_out != nullptr) *dependencies_out = m.tail.data();
    if (edgeData_out != nullptr) *edgeData_out = nullptr;  // default edges only
    if (numDependencies_out != nullptr) *numDependencies_out = m.tail.size();
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode* mode) {
  return rt::Call([&] {
    if (mode == nullptr) return cudaErrorInvalidValue;
    // The engine applies no per-thread restrictions during capture, so the mode only round-trips.
    static thread_local cudaStreamCaptureMode current = cudaStreamCaptureModeGlobal;
    std::swap(current, *mode);
    return cudaSuccess;
  });
}
