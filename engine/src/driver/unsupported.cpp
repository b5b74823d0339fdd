// The driver API functions the engine declares but does not provide: each returns
// CUDA_ERROR_NOT_SUPPORTED, and says so on stderr once per call site, naming the caller's line.
// The program goes on, as it would on a GPU whose driver lacks the call.
#include <cstdio>
#include <mutex>
#include <set>
#include <tuple>

#include "driver/driver_call.h"
#include "report/report.h"

namespace warpsafe::engine::driver {

CUresult Unsupported(const char* call, const char* what, Site site) {
  static std::mutex mutex;
  static std::set<std::tuple<const char*, unsigned, unsigned>> noted;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!noted.emplace(site.file, site.line, site.column).second) return CUDA_ERROR_NOT_SUPPORTED;
  }
  std::fprintf(stderr, "warpsafe: %s (%s) at %s is not supported by the engine: it returns CUDA_ERROR_NOT_SUPPORTED\n",
               call, what, FormatSite(site).c_str());
  return CUDA_ERROR_NOT_SUPPORTED;
}

}  // namespace warpsafe::engine::driver

using warpsafe::engine::Site;
using warpsafe::engine::driver::Unsupported;

namespace {
constexpr const char* kJitLinking = "linking device code at run time";
constexpr const char* kPeers = "peer access: the engine emulates one device";
constexpr const char* kIpc = "memory shared between processes";
constexpr const char* kVirtualMemory = "virtual memory management";
}  // namespace

extern "C" CUresult cuLinkCreate(unsigned int, CUjit_option*, void**, CUlinkState*, Site site) {
  return Unsupported("cuLinkCreate", kJitLinking, site);
}
extern "C" CUresult cuLinkAddData(CUlinkState, CUjitInputType, void*, size_t, const char*, unsigned int, CUjit_option*,
                                  void**, Site site) {
  return Unsupported("cuLinkAddData", kJitLinking, site);
}
extern "C" CUresult cuLinkAddFile(CUlinkState, CUjitInputType, const char*, unsigned int, CUjit_option*, void**,
                                  Site site) {
  return Unsupported("cuLinkAddFile", kJitLinking, site);
}
extern "C" CUresult cuLinkComplete(CUlinkState, void**, size_t*, Site site) {
  return Unsupported("cuLinkComplete", kJitLinking, site);
}
extern "C" CUresult cuLinkDestroy(CUlinkState, Site site) { return Unsupported("cuLinkDestroy", kJitLinking, site); }
extern "C" CUresult cuCtxEnablePeerAccess(CUcontext, unsigned int, Site site) {
  return Unsupported("cuCtxEnablePeerAccess", kPeers, site);
}
extern "C" CUresult cuCtxDisablePeerAccess(CUcontext, Site site) {
  return Unsupported("cuCtxDisablePeerAccess", kPeers, site);
}
extern "C" CUresult cuIpcGetMemHandle(CUipcMemHandle*, CUdeviceptr, Site site) {
  return Unsupported("cuIpcGetMemHandle", kIpc, site);
}
extern "C" CUresult cuIpcOpenMemHandle(CUdeviceptr*, CUipcMemHandle, unsigned int, Site site) {
  return Unsupported("cuIpcOpenMemHandle", kIpc, site);
}
extern "C" CUresult cuIpcCloseMemHandle(CUdeviceptr, Site site) { return Unsupported("cuIpcCloseMemHandle", kIpc, site); }
extern "C" CUresult cuMemAddressReserve(CUdeviceptr*, size_t, size_t, CUdeviceptr, unsigned long long, Site site) {
  return Unsupported("cuMemAddressReserve", kVirtualMemory, site);
}
extern "C" CUresult cuMemAddressFree(CUdeviceptr, size_t, Site site) {
  return Unsupported("cuMemAddressFree", kVirtualMemory, site);
}
// The driver's entry points by name: the engine's are C++ functions with a trailing site, so no
// pointer to one could be called through the driver's own function types.
extern "C" CUresult cuGetProcAddress(const char*, void** pfn, int, cuuint64_t, CUdriverProcAddressQueryResult* status,
                                     Site site) {
  if (pfn != nullptr) *pfn = nullptr;
  if (status != nullptr) *status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return Unsupported("cuGetProcAddress", "looking up driver functions by name", site);
}
