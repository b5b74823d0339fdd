// Streams. Every operation issued to a stream runs to completion before the call that issued it
// returns. For CUDA's in-order streams that is one of the legal schedules, so synchronising and
// querying a stream only validate the handle and report the sticky error.
#include "race/race.h"
#include "runtime/streams.h"

#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "runtime/allocations.h"
#include "runtime/handles.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"

namespace warpsafe::engine::runtime {
namespace {

struct StreamState {
  unsigned flags;
  int priority;
};

HandleTable<cudaStream_t, StreamState>& Streams() {
  static auto* table = new HandleTable<cudaStream_t, StreamState>();  // outlives static destructors
  return *table;
}

bool IsImplicit(cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread;
}

// cudaDeviceGetStreamPriorityRange reports [0 (least), -5 (greatest)]; CUDA clamps others.
constexpr int kLeastPriority = 0;
constexpr int kGreatestPriority = -5;

cudaError_t CreateStream(cudaStream_t* out, unsigned flags, int priority) {
  if (out == nullptr) return cudaErrorInvalidValue;
  if ((flags & ~static_cast<unsigned>(cudaStreamNonBlocking)) != 0) return cudaErrorInvalidValue;
  if (priority > kLeastPriority) priority = kLeastPriority;
  if (priority < kGreatestPriority) priority = kGreatestPriority;
  *out = Streams().Create(StreamState{flags, priority});
  return cudaSuccess;
}

}  // namespace

bool IsValidStream(cudaStream_t stream) { return IsImplicit(stream) || Streams().Get(stream, nullptr); }

bool IsNonBlockingStream(cudaStream_t stream) {
  StreamState state{};
  return !IsImplicit(stream) && Streams().Get(stream, &state) && (state.flags & cudaStreamNonBlocking) != 0;
}

void ResetStreams() { Streams().Clear(); }

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaStreamCreate(cudaStream_t* pStream) {
  return rt::Call([&] { return rt::CreateStream(pStream, cudaStreamDefault, 0); });
}

extern "C" cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags) {
  return rt::Call([&] { return rt::CreateStream(pStream, flags, 0); });
}

extern "C" cudaError_t cudaStreamCreateWithPriority(cudaStream_t* pStream, unsigned int flags, int priority) {
  return rt::Call([&] { return rt::CreateStream(pStream, flags, priority); });
}

extern "C" cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return rt::Call([&] {
    // The implicit streams cannot be destroyed; neither can a stream twice.
    if (rt::IsImplicit(stream)) return cudaErrorInvalidResourceHandle;
    if (!rt::Streams().Destroy(stream)) return cudaErrorInvalidResourceHandle;
    rt::ForgetStreamAttributes(stream);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kStream, stream);  // STREAM-3
  }
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) return warpsafe::engine::graph::CaptureUnsupported(stream);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamQuery(cudaStream_t stream) {
  // A grid parked to wait for the host gets a turn; still waiting, the stream's work is not done
  // (docs/semantics/host_wait.md, HOSTWAIT-2).
  if (!rt::TryFinishDeviceWork()) return cudaErrorNotReady;
  // A query that answers cudaSuccess tells the host the stream's work is done (STREAM-3).
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kStream, stream);
  }
  // Otherwise the stream's work finished when it was issued.
  return rt::Call([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) return warpsafe::engine::graph::CaptureUnsupported(stream);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int* flags) {
  return rt::Call([&] {
    if (flags == nullptr) return cudaErrorInvalidValue;
    if (rt::IsImplicit(hStream)) {
      *flags = cudaStreamDefault;
      return cudaSuccess;
    }
    rt::StreamState state;
    if (!rt::Streams().Get(hStream, &state)) return cudaErrorInvalidResourceHandle;
    *flags = state.flags;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int* priority) {
  return rt::Call([&] {
    if (priority == nullptr) return cudaErrorInvalidValue;
    if (rt::IsImplicit(hStream)) {
      *priority = 0;
      return cudaSuccess;
    }
    rt::StreamState state;
    if (!rt::Streams().Get(hStream, &state)) return cudaErrorInvalidResourceHandle;
    *priority = state.priority;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* userData,
                                             unsigned int flags) {
  return rt::Call([&] {
    if (callback == nullptr || flags != 0) return cudaErrorInvalidValue;
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) return warpsafe::engine::graph::CaptureUnsupported(stream);
    // The work before it in the stream is done: run it now, with the stream's status.
    callback(stream, cudaSuccess, userData);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* userData) {
  return rt::Call([&] {
    if (fn == nullptr) return cudaErrorInvalidValue;
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsafe::engine::graph::IsCapturing(stream)) return warpsafe::engine::graph::CaptureHost(stream, fn, userData);
    fn(userData);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* devPtr, size_t length, unsigned int flags) {
  return rt::CallWithoutWaiting([&] {
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle) {
      return cudaErrorInvalidValue;
    }
    warpsafe::engine::AllocationInfo info;
    if (!warpsafe::engine::FindAllocation(devPtr, &info) || info.kind != warpsafe::engine::AllocationKind::kManaged) {
      return cudaErrorInvalidValue;
    }
    // Attaching only changes which streams may touch the memory concurrently; with every
    // operation complete at issue there is nothing to change. length 0 means the whole block.
    if (length != 0 && (info.base != devPtr || length != info.size)) return cudaErrorInvalidValue;
    return cudaSuccess;
  });
}
