// Events. A recorded event completes at once (the work before it in its stream has completed), so
// recording stamps the steady clock and cudaEventElapsedTime measures host time between the
// stamps: the time the engine took, in milliseconds, as CUDA reports it.
#include <chrono>

#include "race/race.h"
#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "runtime/handles.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"
#include "runtime/streams.h"

namespace warpsafe::engine::runtime {
namespace {

using Clock = std::chrono::steady_clock;

struct EventState {
  unsigned flags;
  bool recorded;
  Clock::time_point when;
};

HandleTable<cudaEvent_t, EventState>& Events() {
  static auto* table = new HandleTable<cudaEvent_t, EventState>();  // outlives static destructors
  return *table;
}

cudaError_t CreateEvent(cudaEvent_t* out, unsigned flags) {
  if (out == nullptr) return cudaErrorInvalidValue;
  constexpr unsigned kValid = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if ((flags & ~kValid) != 0) return cudaErrorInvalidValue;
  // CUDA: an interprocess event must also disable timing.
  if ((flags & cudaEventInterprocess) != 0 && (flags & cudaEventDisableTiming) == 0) return cudaErrorInvalidValue;
  *out = Events().Create(EventState{flags, false, Clock::time_point{}});
  return cudaSuccess;
}

cudaError_t Record(cudaEvent_t event, cudaStream_t stream, unsigned flags) {
  if (flags != cudaEventRecordDefault && flags != cudaEventRecordExternal) return cudaErrorInvalidValue;
  if (!IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
  if (graph::IsCapturing(stream)) {
    if (!Events().Get(event, nullptr)) return cudaErrorInvalidResourceHandle;
    return graph::CaptureEventRecord(event, stream);  // the event stands for the stream's captured work
  }
  const Clock::time_point now = Clock::now();
  const bool live = Events().Update(event, [&](EventState& e) {
    e.recorded = true;
    e.when = now;
  });
  if (live && race::Enabled()) race::EventRecorded(event, stream);  // STREAM-2
  return live ? cudaSuccess : cudaErrorInvalidResourceHandle;
}

}  // namespace

void ResetEvents() { Events().Clear(); }

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaEventCreate(cudaEvent_t* event) {
  return rt::Call([&] { return rt::CreateEvent(event, cudaEventDefault); });
}

extern "C" cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  return rt::Call([&] { return rt::CreateEvent(event, flags); });
}

extern "C" cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return rt::CallWithoutWaiting([&] { return rt::Record(event, stream, cudaEventRecordDefault); });
}

extern "C" cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  return rt::CallWithoutWaiting([&] { return rt::Record(event, stream, flags); });
}

extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kEvent, event);  // STREAM-3
  }
  return rt::Call([&] { return rt::Events().Get(event, nullptr) ? cudaSuccess : cudaErrorInvalidResourceHandle; });
}

extern "C" cudaError_t cudaEventQuery(cudaEvent_t event) {
  // A grid parked to wait for the host gets a turn; still waiting, the event is not reached yet
  // (docs/semantics/host_wait.md, HOSTWAIT-2).
  if (!rt::TryFinishDeviceWork()) return cudaErrorNotReady;
  if (warpsafe::engine::race::Enabled()) {
    warpsafe::engine::race::HostSynchronized();  // MEM-4
    warpsafe::engine::race::HostWaited(warpsafe::engine::race::HostWait::kEvent, event);  // STREAM-3
  }
  // cudaSuccess also for an event never recorded, as CUDA documents.
  return rt::Call([&] { return rt::Events().Get(event, nullptr) ? cudaSuccess : cudaErrorInvalidResourceHandle; });
}

extern "C" cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  return rt::Call([&] {
    if (ms == nullptr) return cudaErrorInvalidValue;
    rt::EventState a, b;
    if (!rt::Events().Get(start, &a) || !rt::Events().Get(end, &b)) return cudaErrorInvalidResourceHandle;
    // CUDA: timing disabled on either event, or either never recorded -> invalid resource handle.
    if (((a.flags | b.flags) & cudaEventDisableTiming) != 0) return cudaErrorInvalidResourceHandle;
    if (!a.recorded || !b.recorded) return cudaErrorInvalidResourceHandle;
    *ms = std::chrono::duration<float, std::milli>(b.when - a.when).count();
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return rt::Call([&] { return rt::Events().Destroy(event) ? cudaSuccess : cudaErrorInvalidResourceHandle; });
}

extern "C" cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return rt::CallWithoutWaiting([&] {
    if (flags != cudaEventWaitDefault && flags != cudaEventWaitExternal) return cudaErrorInvalidValue;
    if (!rt::IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
    if (!rt::Events().Get(event, nullptr)) return cudaErrorInvalidResourceHandle;
    // An event recorded in a capture forks or joins captured streams (graph/capture.h).
    if (cudaError_t e; warpsafe::engine::graph::CaptureStreamWaitEvent(stream, event, &e)) return e;
    if (warpsafe::engine::race::Enabled()) warpsafe::engine::race::StreamWaitsForEvent(stream, event);  // STREAM-2
    // The event's work is complete (or it was never recorded: CUDA then does not wait either).
    if (warpsafe::engine::race::Enabled()) warpsafe::engine::race::StreamWaited(stream);
    return cudaSuccess;
  });
}
