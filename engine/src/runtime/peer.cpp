// Peer devices, with the engine's one device (RT-PEER-1, RT-PEER-2 in docs/semantics/peer.md).
//
// A program written for several GPUs asks about the links between pairs of devices and copies
// between them. The engine has one device, so there is no pair: every link query names an invalid
// device or the same device twice (both an invalid-device error in CUDA), and a peer copy can only
// be from device 0 to device 0, which is a device-to-device copy. The programs that loop over
// pairs of distinct devices therefore find none and go on; those that need two stop with the
// error CUDA gives on a one-GPU machine.
#include "cuda_runtime_api.h"
#include "runtime/runtime_call.h"

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaDeviceGetP2PAttribute(int* value, enum cudaDeviceP2PAttr attr, int srcDevice,
                                                 int dstDevice) {
  // With one device the two are the same, or one of them is invalid: there is no link to describe,
  // whatever the attribute, and *value is left as it was.
  (void)value;
  (void)attr;
  (void)srcDevice;
  (void)dstDevice;
  return rt::Call([] { return cudaErrorInvalidDevice; });
}

extern "C" cudaError_t cudaMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, size_t count) {
  if (dstDevice != 0 || srcDevice != 0) return rt::Call([] { return cudaErrorInvalidDevice; });
  return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

extern "C" cudaError_t cudaMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, size_t count,
                                           cudaStream_t stream) {
  if (dstDevice != 0 || srcDevice != 0) return rt::Call([] { return cudaErrorInvalidDevice; });
  return cudaMemcpyAsync(dst, src, count, cudaMemcpyDeviceToDevice, stream);
}
