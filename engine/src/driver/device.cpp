// cuInit, the driver's version, and the device: the engine emulates one, whose properties are the
// runtime's (cudaGetDeviceProperties, cudaDeviceGetAttribute), so the two APIs cannot disagree.
#include <atomic>
#include <cstdio>
#include <cstring>

#include "driver/driver_call.h"

namespace warpsafe::engine::driver {
namespace {

std::atomic<bool> g_initialized{false};

CUresult CheckDevice(CUdevice dev) {
  if (CUresult r = RequireInit(); r != CUDA_SUCCESS) return r;
  return dev == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult Properties(cudaDeviceProp* p) { return Forward([&] { return cudaGetDeviceProperties(p, 0); }); }

}  // namespace

void ResetContextsForTesting();  // context.cpp

void ResetDriverForTesting() {
  g_initialized.store(false, std::memory_order_release);
  ResetContextsForTesting();
}

// CUDA's runtime initialises the driver at its first call, so a program that used the runtime API
// may call the driver without cuInit. Seen from the thread that made the runtime call (the mark is
// the calling thread's: runtime_call.h).
CUresult RequireInit() {
  if (g_initialized.load(std::memory_order_acquire)) return CUDA_SUCCESS;
  if (!runtime::tls_runtime_called) return CUDA_ERROR_NOT_INITIALIZED;
  g_initialized.store(true, std::memory_order_release);
  return CUDA_SUCCESS;
}

}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;

extern "C" CUresult cuInit(unsigned int Flags) {
  if (Flags != 0) return CUDA_ERROR_INVALID_VALUE;  // no flag is defined
  drv::g_initialized.store(true, std::memory_order_release);
  return CUDA_SUCCESS;
}

// Answered before cuInit too, as the driver does.
extern "C" CUresult cuDriverGetVersion(int* driverVersion) {
  if (driverVersion == nullptr) return CUDA_ERROR_INVALID_VALUE;
  *driverVersion = CUDA_VERSION;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDeviceGetCount(int* count) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (count == nullptr) return CUDA_ERROR_INVALID_VALUE;
  return drv::Forward([&] { return cudaGetDeviceCount(count); });
}

extern "C" CUresult cuDeviceGet(CUdevice* device, int ordinal) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (device == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDeviceGetName(char* name, int len, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (name == nullptr || len <= 0) return CUDA_ERROR_INVALID_VALUE;
  cudaDeviceProp p;
  if (CUresult r = drv::Properties(&p); r != CUDA_SUCCESS) return r;
  std::snprintf(name, static_cast<std::size_t>(len), "%s", p.name);
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDeviceGetUuid(CUuuid* uuid, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (uuid == nullptr) return CUDA_ERROR_INVALID_VALUE;
  cudaDeviceProp p;
  if (CUresult r = drv::Properties(&p); r != CUDA_SUCCESS) return r;
  static_assert(sizeof uuid->bytes == sizeof p.uuid.bytes);
  std::memcpy(uuid->bytes, p.uuid.bytes, sizeof uuid->bytes);
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDeviceGetUuid_v2(CUuuid* uuid, CUdevice dev) { return cuDeviceGetUuid(uuid, dev); }

extern "C" CUresult cuDeviceTotalMem(size_t* bytes, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (bytes == nullptr) return CUDA_ERROR_INVALID_VALUE;
  cudaDeviceProp p;
  if (CUresult r = drv::Properties(&p); r != CUDA_SUCCESS) return r;
  *bytes = p.totalGlobalMem;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDeviceTotalMem_v2(size_t* bytes, CUdevice dev) { return cuDeviceTotalMem(bytes, dev); }

// CUdevice_attribute and cudaDeviceAttr number every attribute alike (driver_types.h).
extern "C" CUresult cuDeviceGetAttribute(int* pi, CUdevice_attribute attrib, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (pi == nullptr) return CUDA_ERROR_INVALID_VALUE;
  return drv::Forward([&] { return cudaDeviceGetAttribute(pi, static_cast<cudaDeviceAttr>(attrib), dev); });
}

extern "C" CUresult cuDeviceComputeCapability(int* major, int* minor, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (major == nullptr || minor == nullptr) return CUDA_ERROR_INVALID_VALUE;
  cudaDeviceProp p;
  if (CUresult r = drv::Properties(&p); r != CUDA_SUCCESS) return r;
  *major = p.major;
  *minor = p.minor;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDeviceGetPCIBusId(char* pciBusId, int len, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (pciBusId == nullptr || len <= 0) return CUDA_ERROR_INVALID_VALUE;
  cudaDeviceProp p;
  if (CUresult r = drv::Properties(&p); r != CUDA_SUCCESS) return r;
  std::snprintf(pciBusId, static_cast<std::size_t>(len), "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID, p.pciDeviceID);
  return CUDA_SUCCESS;
}

// One device: it has no peer.
extern "C" CUresult cuDeviceCanAccessPeer(int* canAccessPeer, CUdevice dev, CUdevice peerDev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (peerDev != 0) return CUDA_ERROR_INVALID_DEVICE;
  if (canAccessPeer == nullptr) return CUDA_ERROR_INVALID_VALUE;
  *canAccessPeer = 0;
  return CUDA_SUCCESS;
}
