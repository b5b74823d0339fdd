// Streams and events: a CUstream is the runtime's cudaStream_t and a CUevent its cudaEvent_t (the
// same handle types in CUDA), so each call is the runtime's, and handles pass between the APIs.
#include "driver/driver_call.h"

namespace warpsafe::engine::driver {
namespace {

// cuStreamAddCallback's callback takes a CUresult, the runtime's a cudaError_t.
struct StreamCallback {
  CUstreamCallback callback;
  void* user_data;
};

void CallStreamCallback(cudaStream_t stream, cudaError_t status, void* data) {
  auto* c = static_cast<StreamCallback*>(data);
  const StreamCallback copy = *c;
  delete c;
  copy.callback(stream, FromRuntime(status), copy.user_data);
}

}  // namespace
}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;

extern "C" CUresult cuStreamCreate(CUstream* phStream, unsigned int Flags) {
  return drv::ForwardInContext([&] { return cudaStreamCreateWithFlags(phStream, Flags); });
}

extern "C" CUresult cuStreamCreateWithPriority(CUstream* phStream, unsigned int flags, int priority) {
  return drv::ForwardInContext([&] { return cudaStreamCreateWithPriority(phStream, flags, priority); });
}

extern "C" CUresult cuStreamDestroy(CUstream hStream) {
  return drv::ForwardInContext([&] { return cudaStreamDestroy(hStream); });
}

extern "C" CUresult cuStreamDestroy_v2(CUstream hStream) { return cuStreamDestroy(hStream); }

extern "C" CUresult cuStreamSynchronize(CUstream hStream) {
  return drv::ForwardInContext([&] { return cudaStreamSynchronize(hStream); });
}

extern "C" CUresult cuStreamQuery(CUstream hStream) {
  return drv::ForwardInContext([&] { return cudaStreamQuery(hStream); });
}

extern "C" CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags) {
  return drv::ForwardInContext([&] { return cudaStreamWaitEvent(hStream, hEvent, Flags); });
}

extern "C" CUresult cuStreamGetFlags(CUstream hStream, unsigned int* flags) {
  return drv::ForwardInContext([&] { return cudaStreamGetFlags(hStream, flags); });
}

extern "C" CUresult cuStreamGetPriority(CUstream hStream, int* priority) {
  return drv::ForwardInContext([&] { return cudaStreamGetPriority(hStream, priority); });
}

extern "C" CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void* userData,
                                        unsigned int flags) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (callback == nullptr) return CUDA_ERROR_INVALID_VALUE;
  auto* data = new drv::StreamCallback{callback, userData};
  const CUresult r = drv::Forward([&] { return cudaStreamAddCallback(hStream, drv::CallStreamCallback, data, flags); });
  if (r != CUDA_SUCCESS) delete data;
  return r;
}

extern "C" CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void* userData) {
  return drv::ForwardInContext([&] { return cudaLaunchHostFunc(hStream, fn, userData); });
}

extern "C" CUresult cuEventCreate(CUevent* phEvent, unsigned int Flags) {
  return drv::ForwardInContext([&] { return cudaEventCreateWithFlags(phEvent, Flags); });
}

extern "C" CUresult cuEventDestroy(CUevent hEvent) {
  return drv::ForwardInContext([&] { return cudaEventDestroy(hEvent); });
}

extern "C" CUresult cuEventDestroy_v2(CUevent hEvent) { return cuEventDestroy(hEvent); }

extern "C" CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  return drv::ForwardInContext([&] { return cudaEventRecord(hEvent, hStream); });
}

extern "C" CUresult cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags) {
  return drv::ForwardInContext([&] { return cudaEventRecordWithFlags(hEvent, hStream, flags); });
}

extern "C" CUresult cuEventSynchronize(CUevent hEvent) {
  return drv::ForwardInContext([&] { return cudaEventSynchronize(hEvent); });
}

extern "C" CUresult cuEventQuery(CUevent hEvent) {
  return drv::ForwardInContext([&] { return cudaEventQuery(hEvent); });
}

extern "C" CUresult cuEventElapsedTime(float* pMilliseconds, CUevent hStart, CUevent hEnd) {
  return drv::ForwardInContext([&] { return cudaEventElapsedTime(pMilliseconds, hStart, hEnd); });
}
