// Contexts. The engine emulates one device with one address space and one set of streams, so a
// context is a name the program can create, push, pop and destroy, with the rules CUDA checks
// (docs/semantics/driver_api.md, DRV-3): each host thread has a stack of current contexts;
// cuCtxCreate pushes the new one; the device's primary context is made current on a thread
// without one by its first runtime API call, as CUDA's runtime does, and is what the runtime and
// the driver then share.
// Memory, streams and modules belong to the device, not to a context: destroying a context frees
// nothing, and every context sees every allocation.
#include <mutex>
#include <vector>

#include "driver/driver_call.h"

// A context: its creation flags, and whether it has been destroyed (a destroyed context's object
// stays, so that a later use is told apart from a handle that never was one).
struct CUctx_st {
  unsigned flags = 0;
  bool primary = false;
  bool destroyed = false;
};

namespace warpsafe::engine::driver {
namespace {

struct Contexts {
  std::mutex mutex;
  CUctx_st primary{0, true, false};
  unsigned primary_retains = 0;
  bool primary_bound = false;  // a runtime call made it current on some thread
  std::vector<CUctx_st*> created;
};

Contexts& State() {
  static auto* state = new Contexts();  // outlives static destructors
  return *state;
}

thread_local std::vector<CUcontext> tls_stack;

// A runtime call on a thread with no current context binds the primary context there.
void BindPrimaryIfRuntimeCalled() {
  if (!runtime::tls_runtime_called) return;
  runtime::tls_runtime_called = false;
  if (!tls_stack.empty()) return;
  Contexts& s = State();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.primary_bound = true;
  }
  tls_stack.push_back(&s.primary);
}

CUcontext Current() {
  BindPrimaryIfRuntimeCalled();
  return tls_stack.empty() ? nullptr : tls_stack.back();
}

// CUDA_SUCCESS for a live context, CUDA_ERROR_CONTEXT_IS_DESTROYED for a destroyed one,
// CUDA_ERROR_INVALID_CONTEXT for anything else.
CUresult CheckContext(CUcontext ctx) {
  Contexts& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (ctx == &s.primary) return CUDA_SUCCESS;
  for (CUctx_st* c : s.created) {
    if (c == ctx) return c->destroyed ? CUDA_ERROR_CONTEXT_IS_DESTROYED : CUDA_SUCCESS;
  }
  return CUDA_ERROR_INVALID_CONTEXT;
}

CUresult CheckDevice(CUdevice dev) {
  if (CUresult r = RequireInit(); r != CUDA_SUCCESS) return r;
  return dev == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

}  // namespace

CUresult RequireContext() {
  if (CUresult r = RequireInit(); r != CUDA_SUCCESS) return r;
  CUcontext current = Current();
  if (current == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
  return CheckContext(current) == CUDA_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUcontext CurrentContext() { return Current(); }

void ResetContextsForTesting() {
  tls_stack.clear();
  runtime::tls_runtime_called = false;
  Contexts& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.primary_retains = 0;
  s.primary_bound = false;
  s.primary.flags = 0;
}

}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;

extern "C" CUresult cuDevicePrimaryCtxRetain(CUcontext* pctx, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (pctx == nullptr) return CUDA_ERROR_INVALID_VALUE;
  drv::Contexts& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.primary_retains;
  *pctx = &s.primary;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDevicePrimaryCtxRelease(CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  drv::Contexts& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.primary_retains == 0) return CUDA_ERROR_INVALID_CONTEXT;  // released more often than retained
  --s.primary_retains;
  return CUDA_SUCCESS;
}

// Resetting the primary context would free the device's memory under every other user; the engine
// keeps it (docs/semantics/driver_api.md) and only forgets the retains.
extern "C" CUresult cuDevicePrimaryCtxReset(CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  drv::Contexts& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.primary_retains = 0;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int* flags, int* active) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (flags == nullptr || active == nullptr) return CUDA_ERROR_INVALID_VALUE;
  drv::Current();  // a runtime call of this thread may have activated it
  drv::Contexts& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  *flags = s.primary.flags;
  *active = s.primary_retains > 0 || s.primary_bound ? 1 : 0;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if ((flags & ~static_cast<unsigned>(CU_CTX_FLAGS_MASK)) != 0) return CUDA_ERROR_INVALID_VALUE;
  drv::Contexts& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.primary.flags = flags;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxCreate_v2(CUcontext* pctx, unsigned int flags, CUdevice dev) {
  if (CUresult r = drv::CheckDevice(dev); r != CUDA_SUCCESS) return r;
  if (pctx == nullptr || (flags & ~static_cast<unsigned>(CU_CTX_FLAGS_MASK)) != 0) return CUDA_ERROR_INVALID_VALUE;
  auto* ctx = new CUctx_st{flags, false, false};
  {
    drv::Contexts& s = drv::State();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.created.push_back(ctx);
  }
  drv::Current();  // settle a pending runtime binding before pushing over it
  drv::tls_stack.push_back(ctx);
  *pctx = ctx;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxCreate(CUcontext* pctx, CUctxCreateParams* ctxCreateParams, unsigned int flags,
                                CUdevice dev) {
  // Execution affinity and CIG need hardware partitions the engine does not emulate.
  if (ctxCreateParams != nullptr &&
      (ctxCreateParams->numExecAffinityParams != 0 || ctxCreateParams->execAffinityParams != nullptr ||
       ctxCreateParams->cigParams != nullptr)) {
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  return cuCtxCreate_v2(pctx, flags, dev);
}

extern "C" CUresult cuCtxDestroy(CUcontext ctx) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (ctx == nullptr) return CUDA_ERROR_INVALID_VALUE;
  drv::Contexts& s = drv::State();
  if (ctx == &s.primary) return CUDA_ERROR_INVALID_CONTEXT;  // released, never destroyed
  if (CUresult r = drv::CheckContext(ctx); r != CUDA_SUCCESS) return r;
  // The driver waits for the context's work before it goes.
  if (CUresult r = drv::Forward([] { return cudaDeviceSynchronize(); }); r != CUDA_SUCCESS) return r;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    ctx->destroyed = true;
  }
  if (!drv::tls_stack.empty() && drv::tls_stack.back() == ctx) drv::tls_stack.pop_back();
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxDestroy_v2(CUcontext ctx) { return cuCtxDestroy(ctx); }

extern "C" CUresult cuCtxPushCurrent(CUcontext ctx) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (ctx == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = drv::CheckContext(ctx); r != CUDA_SUCCESS) return r;
  drv::Current();
  drv::tls_stack.push_back(ctx);
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxPushCurrent_v2(CUcontext ctx) { return cuCtxPushCurrent(ctx); }

extern "C" CUresult cuCtxPopCurrent(CUcontext* pctx) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (drv::Current() == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
  if (pctx != nullptr) *pctx = drv::tls_stack.back();
  drv::tls_stack.pop_back();
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxPopCurrent_v2(CUcontext* pctx) { return cuCtxPopCurrent(pctx); }

// Replaces the top of the thread's stack; a null context unbinds it.
extern "C" CUresult cuCtxSetCurrent(CUcontext ctx) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (ctx != nullptr) {
    if (CUresult r = drv::CheckContext(ctx); r != CUDA_SUCCESS) return r;
  }
  if (drv::Current() != nullptr) drv::tls_stack.pop_back();
  if (ctx != nullptr) drv::tls_stack.push_back(ctx);
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxGetCurrent(CUcontext* pctx) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (pctx == nullptr) return CUDA_ERROR_INVALID_VALUE;
  *pctx = drv::Current();
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxGetDevice(CUdevice* device) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (device == nullptr) return CUDA_ERROR_INVALID_VALUE;
  *device = 0;
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxGetFlags(unsigned int* flags) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (flags == nullptr) return CUDA_ERROR_INVALID_VALUE;
  drv::Contexts& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  *flags = drv::tls_stack.back()->flags;
  return CUDA_SUCCESS;
}

// The API version a context was created with: 3020 for every context since CUDA 3.2.
extern "C" CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int* version) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (version == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (ctx == nullptr) {
    if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  } else if (CUresult r = drv::CheckContext(ctx); r != CUDA_SUCCESS) {
    return r;
  }
  *version = 3020;
  return CUDA_SUCCESS;
}

// A context's identifier, unique in the process: the primary context's is 1, created ones follow.
extern "C" CUresult cuCtxGetId(CUcontext ctx, unsigned long long* ctxId) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (ctxId == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (ctx == nullptr) {
    if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
    ctx = drv::Current();
  } else if (CUresult r = drv::CheckContext(ctx); r != CUDA_SUCCESS) {
    return r;
  }
  drv::Contexts& s = drv::State();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (ctx == &s.primary) {
    *ctxId = 1;
    return CUDA_SUCCESS;
  }
  for (std::size_t i = 0; i < s.created.size(); ++i) {
    if (s.created[i] == ctx) *ctxId = 2 + i;
  }
  return CUDA_SUCCESS;
}

extern "C" CUresult cuCtxSynchronize(void) {
  return drv::ForwardInContext([] { return cudaDeviceSynchronize(); });
}

// CUlimit and cudaLimit number the limits alike.
extern "C" CUresult cuCtxSetLimit(CUlimit limit, size_t value) {
  return drv::ForwardInContext([&] { return cudaDeviceSetLimit(static_cast<cudaLimit>(limit), value); });
}

extern "C" CUresult cuCtxGetLimit(size_t* pvalue, CUlimit limit) {
  return drv::ForwardInContext([&] { return cudaDeviceGetLimit(pvalue, static_cast<cudaLimit>(limit)); });
}

extern "C" CUresult cuCtxSetCacheConfig(CUfunc_cache config) {
  return drv::ForwardInContext([&] { return cudaDeviceSetCacheConfig(static_cast<cudaFuncCache>(config)); });
}

extern "C" CUresult cuCtxGetCacheConfig(CUfunc_cache* pconfig) {
  if (pconfig == nullptr) return CUDA_ERROR_INVALID_VALUE;
  cudaFuncCache config = cudaFuncCachePreferNone;
  const CUresult r = drv::ForwardInContext([&] { return cudaDeviceGetCacheConfig(&config); });
  if (r == CUDA_SUCCESS) *pconfig = static_cast<CUfunc_cache>(config);
  return r;
}

extern "C" CUresult cuCtxGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
  return drv::ForwardInContext([&] { return cudaDeviceGetStreamPriorityRange(leastPriority, greatestPriority); });
}
