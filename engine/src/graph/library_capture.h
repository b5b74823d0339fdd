// Math-library work issued to a capturing stream (docs/semantics/graph_capture.md, GRAPH-LIB-1 and
// GRAPH-LIB-2). The engine's libraries (cuBLAS, cuSPARSE, cuFFT, cuRAND's host API, cuSOLVER)
// compute on the host inside the call. On a GPU the same call only enqueues kernels on the
// handle's stream, so while that stream captures, the call's work becomes graph nodes and runs
// each time the graph is launched, never at capture time. Each library checks its arguments first
// (an invalid value is returned at once, as CUDA's libraries do) and then hands the rest of the
// call, as a callable, to RunLibraryWork, which runs it now or makes it a node.
//
// The callable receives the call's scalar operands (alpha, beta, a result) as parameters, so that
// the node can keep what they point to: in host pointer mode a scalar the program passes from
// host memory is read when the call is made, and the node keeps a copy of its value (a variable
// of a function that has returned by the time the graph runs must not be read then). A result
// that the call would write to host memory cannot be captured (the library would have to wait
// for its kernels): the capture is invalidated, as a synchronization during capture invalidates it.
#pragma once

#include <functional>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "driver_types.h"
#include "vector_types.h"

namespace warpsafe::engine::graph {

// The stream a library's work runs on: while a library node runs, the stream its graph was
// launched into (where the work's accesses are checked under `warpsafe check`); otherwise `own`.
cudaStream_t LibraryStream(cudaStream_t own);
// True while this thread runs a library node's work (its calls then run at once).
bool InLibraryNode();
// Whether `stream` captures (IsCapturing, for callers that do not include capture.h).
bool LibraryStreamCaptures(cudaStream_t stream);
// Adds a kernel node after `stream`'s tail that runs `work` on the launch's stream; its result,
// when not cudaSuccess, is the launch's. cudaErrorStreamCaptureInvalidated when the capture was
// invalidated before.
cudaError_t CaptureLibraryWork(cudaStream_t stream, const char* call, std::function<cudaError_t()> work);
// The work cannot be captured: invalidates the capture (CaptureUnsupported).
void InvalidateLibraryCapture(cudaStream_t stream);
// Whether `p` is memory a kernel may address as the device's own (a device, managed or graph
// allocation, or a __device__ variable): a scalar there is read when the work runs.
bool IsDeviceScalar(const void* p);
// Runs `work` on the graph launch's stream `stream`, as a library node does (LibraryStream).
cudaError_t RunAsLibraryNode(cudaStream_t stream, const std::function<cudaError_t()>& work);

namespace library_detail {

template <class T>
inline constexpr bool kScalar = std::is_arithmetic_v<T> || std::is_same_v<T, float2> || std::is_same_v<T, double2>;

// One scalar operand kept for the node: a host-memory scalar's value (kept), anything else as passed.
template <class P>
struct Kept {
  P p;
  Kept(P v, bool) : p(v) {}
  P get() const { return p; }
  bool host_result() const { return false; }
};
template <class T>
struct Kept<const T*> {
  const T* p;
  std::shared_ptr<T> value;
  Kept(const T* v, bool host_scalars) : p(v) {
    if constexpr (kScalar<T>) {
      if (host_scalars && v != nullptr && !IsDeviceScalar(v)) value = std::make_shared<T>(*v);
    }
  }
  const T* get() const { return value ? value.get() : p; }
  bool host_result() const { return false; }
};
template <class T>
struct Kept<T*> {
  T* p;
  bool host_scalars;
  Kept(T* v, bool h) : p(v), host_scalars(h) {}
  T* get() const { return p; }
  bool host_result() const {
    if constexpr (kScalar<T> && !std::is_const_v<T>) {
      return host_scalars && p != nullptr && !IsDeviceScalar(p);
    }
    return false;
  }
};

}  // namespace library_detail

// Runs `work(scalars...)` now, or, while `stream` captures, makes it a node that runs it at each
// launch, with its host scalars kept (library_detail::Kept) and returns `success`. `failure`: the
// status of a call whose host result cannot be captured. `host_scalars`: the handle's pointer mode
// is the host's. The work returns the library's status; a node whose work fails makes the
// launch return cudaErrorLaunchFailure.
template <class Status, class Work, class... Scalars>
Status RunLibraryWork(cudaStream_t stream, const char* call, [[maybe_unused]] bool host_scalars, Status success,
                      Status failure, Work work, Scalars... scalars) {
  if (InLibraryNode() || !LibraryStreamCaptures(stream)) return work(scalars...);
  auto kept = std::make_shared<std::tuple<library_detail::Kept<Scalars>...>>(
      library_detail::Kept<Scalars>(scalars, host_scalars)...);
  const bool host_result = std::apply([](const auto&... k) { return (false || ... || k.host_result()); }, *kept);
  if (host_result) {
    InvalidateLibraryCapture(stream);
    return failure;
  }
  const cudaError_t e = CaptureLibraryWork(stream, call, [work, kept, success]() -> cudaError_t {
    const Status s = std::apply([&](const auto&... k) { return work(k.get()...); }, *kept);
    return s == success ? cudaSuccess : cudaErrorLaunchFailure;
  });
  return e == cudaSuccess ? success : failure;
}

}  // namespace warpsafe::engine::graph
