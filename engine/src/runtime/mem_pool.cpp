// The stream-ordered allocator: memory pools, cudaMallocAsync and cudaFreeAsync.
//
// Every operation on a stream has finished when the call that issued it returns (streams.cpp), so
// an allocation "ordered on a stream" is simply made when it is issued, and freed when its free is
// issued. A pool is therefore bookkeeping over ordinary device allocations, kept so that programs
// that read a pool's attributes see what CUDA's contract gives them:
//  - used bytes: the pool's allocations not yet freed; reserved bytes: those plus the freed bytes
//    the pool keeps for reuse. A pool keeps freed bytes up to its release threshold (0 unless
//    set), which CUDA applies when the stream synchronizes; here every operation is synchronous,
//    so it applies at the free itself. cudaMemPoolTrimTo releases kept bytes down to its argument.
//  - the high-water marks may only be reset (set to 0), and the current values are read-only.
// The memory itself is always returned to the engine at the free, so that a use after free is an
// access to freed memory that `warpsafe check` reports, whatever the pool keeps on paper.
// A pool allocation released with cudaFree instead of cudaFreeAsync is freed, and stays counted
// as used by its pool.
#include <algorithm>
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "cuda_runtime_api.h"
#include "graph/capture.h"
#include "runtime/handles.h"
#include "runtime/memory.h"
#include "runtime/runtime_call.h"
#include "runtime/runtime_state.h"
#include "runtime/streams.h"

namespace warpsafe::engine::runtime {
namespace {

struct Pool {
  bool is_default = false;
  std::uint64_t release_threshold = 0;
  int reuse_follow_event_dependencies = 1;
  int reuse_allow_opportunistic = 1;
  int reuse_allow_internal_dependencies = 1;
  std::uint64_t used = 0;
  std::uint64_t kept = 0;  // freed bytes the pool holds for reuse
  std::uint64_t used_high = 0;
  std::uint64_t reserved_high = 0;
  std::uint64_t Reserved() const { return used + kept; }
};

struct Pools {
  std::mutex mutex;
  HandleTable<cudaMemPool_t, int> handles;  // the handles of the pools created by the program
  std::unordered_map<cudaMemPool_t, Pool> pools;
  cudaMemPool_t default_pool = nullptr;
  cudaMemPool_t current_pool = nullptr;  // cudaDeviceSetMemPool; the default until set
  std::unordered_map<void*, std::pair<cudaMemPool_t, std::uint64_t>> allocations;
};

Pools& State() {
  static auto* state = new Pools();  // outlives static destructors
  return *state;
}

// The device's default pool, made on first use. Called with the mutex held.
cudaMemPool_t DefaultPool(Pools& s) {
  if (s.default_pool == nullptr) {
    s.default_pool = s.handles.Create(0);
    s.pools[s.default_pool].is_default = true;
    s.current_pool = s.default_pool;
  }
  return s.default_pool;
}

Pool* Find(Pools& s, cudaMemPool_t pool) {
  auto it = s.pools.find(pool);
  return it == s.pools.end() ? nullptr : &it->second;
}

cudaError_t AllocateFrom(void** ptr, size_t size, cudaMemPool_t pool_handle, cudaStream_t stream,
                         const CallChain& callers) {
  if (ptr == nullptr) return cudaErrorInvalidValue;
  if (!IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
  Pools& s = State();
  std::unique_lock<std::mutex> lock(s.mutex);
  if (pool_handle == nullptr) pool_handle = s.current_pool != nullptr ? s.current_pool : DefaultPool(s);
  Pool* pool = Find(s, pool_handle);
  if (pool == nullptr) return cudaErrorInvalidValue;
  // CUDA: a size of 0 is an invalid value for the stream-ordered allocator (unlike cudaMalloc).
  if (size == 0) return cudaErrorInvalidValue;
  if (graph::IsCapturing(stream)) {  // a memory alloc node of the captured graph (graph/mem_nodes.cpp)
    lock.unlock();
    return graph::CaptureMemAlloc(stream, size, callers, ptr);
  }
  if (cudaError_t e = AllocateInto(ptr, size, AllocationKind::kDevice, 0, callers); e != cudaSuccess) return e;
  s.allocations[*ptr] = {pool_handle, size};
  pool->used += size;
  pool->kept -= std::min<std::uint64_t>(pool->kept, size);  // reuse of kept bytes first
  pool->used_high = std::max(pool->used_high, pool->used);
  pool->reserved_high = std::max(pool->reserved_high, pool->Reserved());
  return cudaSuccess;
}

cudaError_t FreeAsync(void* ptr, cudaStream_t stream) {
  if (!IsValidStream(stream)) return cudaErrorInvalidResourceHandle;
  if (ptr == nullptr) return cudaSuccess;
  if (graph::IsCapturing(stream)) return graph::CaptureMemFree(stream, ptr);  // a memory free node
  Pools& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.allocations.find(ptr);
  // Memory from cudaMalloc may be freed here too (CUDA allows it); it belongs to no pool.
  if (!Release(ptr, KindBit(AllocationKind::kDevice))) return cudaErrorInvalidValue;
  if (it == s.allocations.end()) return cudaSuccess;
  if (Pool* pool = Find(s, it->second.first)) {
    pool->used -= it->second.second;
    pool->kept = std::min<std::uint64_t>(pool->kept + it->second.second, pool->release_threshold);
  }
  s.allocations.erase(it);
  return cudaSuccess;
}

bool ValidProps(const cudaMemPoolProps* props) {
  if (props == nullptr) return false;
  if (props->allocType != cudaMemAllocationTypePinned) return false;
  if (props->location.type != cudaMemLocationTypeDevice || props->location.id != 0) return false;
  return props->handleTypes == cudaMemHandleTypeNone || props->handleTypes == cudaMemHandleTypePosixFileDescriptor;
}

cudaError_t SetAttribute(Pool& pool, cudaMemPoolAttr attr, const void* value) {
  switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
      pool.reuse_follow_event_dependencies = *static_cast<const int*>(value);
      return cudaSuccess;
    case cudaMemPoolReuseAllowOpportunistic:
      pool.reuse_allow_opportunistic = *static_cast<const int*>(value);
      return cudaSuccess;
    case cudaMemPoolReuseAllowInternalDependencies:
      pool.reuse_allow_internal_dependencies = *static_cast<const int*>(value);
      return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold:
      pool.release_threshold = *static_cast<const std::uint64_t*>(value);
      pool.kept = std::min(pool.kept, pool.release_threshold);
      return cudaSuccess;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh: {
      // Only a reset is allowed: the mark restarts from the current value.
      if (*static_cast<const std::uint64_t*>(value) != 0) return cudaErrorInvalidValue;
      if (attr == cudaMemPoolAttrUsedMemHigh) pool.used_high = pool.used;
      else pool.reserved_high = pool.Reserved();
      return cudaSuccess;
    }
    case cudaMemPoolAttrReservedMemCurrent:
    case cudaMemPoolAttrUsedMemCurrent:
      return cudaErrorInvalidValue;  // read-only
  }
  return cudaErrorInvalidValue;
}

cudaError_t GetAttribute(const Pool& pool, cudaMemPoolAttr attr, void* value) {
  auto put64 = [value](std::uint64_t v) {
    *static_cast<std::uint64_t*>(value) = v;
    return cudaSuccess;
  };
  auto put32 = [value](int v) {
    *static_cast<int*>(value) = v;
    return cudaSuccess;
  };
  switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies: return put32(pool.reuse_follow_event_dependencies);
    case cudaMemPoolReuseAllowOpportunistic: return put32(pool.reuse_allow_opportunistic);
    case cudaMemPoolReuseAllowInternalDependencies: return put32(pool.reuse_allow_internal_dependencies);
    case cudaMemPoolAttrReleaseThreshold: return put64(pool.release_threshold);
    case cudaMemPoolAttrReservedMemCurrent: return put64(pool.Reserved());
    case cudaMemPoolAttrReservedMemHigh: return put64(pool.reserved_high);
    case cudaMemPoolAttrUsedMemCurrent: return put64(pool.used);
    case cudaMemPoolAttrUsedMemHigh: return put64(pool.used_high);
  }
  return cudaErrorInvalidValue;
}

// A runtime call on a pool: the handle must name a live pool.
template <class Body>
cudaError_t OnPool(cudaMemPool_t handle, Body&& body) {
  return Call([&] {
    Pools& s = State();
    std::lock_guard<std::mutex> lock(s.mutex);
    Pool* pool = Find(s, handle);
    if (pool == nullptr) return cudaErrorInvalidValue;
    return body(s, *pool);
  });
}

}  // namespace

void ResetMemPools() {
  Pools& s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.handles.Clear();
  s.pools.clear();
  s.allocations.clear();
  s.default_pool = nullptr;
  s.current_pool = nullptr;
}

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaMallocAsync(void** devPtr, size_t size, cudaStream_t hStream) {
  const warpsafe::engine::CallChain callers = warpsafe::engine::CallersOfApi();
  return rt::Call([&] { return rt::AllocateFrom(devPtr, size, nullptr, hStream, callers); });
}

extern "C" cudaError_t cudaMallocFromPoolAsync(void** ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
  const warpsafe::engine::CallChain callers = warpsafe::engine::CallersOfApi();
  return rt::Call([&] {
    if (memPool == nullptr) return cudaErrorInvalidValue;
    return rt::AllocateFrom(ptr, size, memPool, stream, callers);
  });
}

extern "C" cudaError_t cudaFreeAsync(void* devPtr, cudaStream_t hStream) {
  return rt::Call([&] { return rt::FreeAsync(devPtr, hStream); });
}

extern "C" cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* memPool, int device) {
  return rt::Call([&] {
    if (memPool == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    rt::Pools& s = rt::State();
    std::lock_guard<std::mutex> lock(s.mutex);
    *memPool = rt::DefaultPool(s);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* memPool, int device) {
  return rt::Call([&] {
    if (memPool == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    rt::Pools& s = rt::State();
    std::lock_guard<std::mutex> lock(s.mutex);
    rt::DefaultPool(s);
    *memPool = s.current_pool;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
  return rt::Call([&] {
    if (device != 0) return cudaErrorInvalidDevice;
    rt::Pools& s = rt::State();
    std::lock_guard<std::mutex> lock(s.mutex);
    rt::DefaultPool(s);
    if (rt::Find(s, memPool) == nullptr) return cudaErrorInvalidValue;
    s.current_pool = memPool;
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaMemPoolCreate(cudaMemPool_t* memPool, const struct cudaMemPoolProps* poolProps) {
  return rt::Call([&] {
    if (memPool == nullptr || !rt::ValidProps(poolProps)) return cudaErrorInvalidValue;
    rt::Pools& s = rt::State();
    std::lock_guard<std::mutex> lock(s.mutex);
    *memPool = s.handles.Create(0);
    s.pools[*memPool] = rt::Pool{};
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) {
  return rt::OnPool(memPool, [&](rt::Pools& s, rt::Pool& pool) {
    if (pool.is_default) return cudaErrorInvalidValue;  // the device's default pool stays
    if (s.current_pool == memPool) s.current_pool = s.default_pool;
    // Allocations still live stay valid until freed (CUDA defers the destruction until then);
    // their frees then belong to no pool.
    for (auto& [ptr, owner] : s.allocations) {
      if (owner.first == memPool) owner.first = nullptr;
    }
    s.pools.erase(memPool);
    s.handles.Destroy(memPool);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void* value) {
  return rt::OnPool(memPool, [&](rt::Pools&, rt::Pool& pool) {
    return value == nullptr ? cudaErrorInvalidValue : rt::SetAttribute(pool, attr, value);
  });
}

extern "C" cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void* value) {
  return rt::OnPool(memPool, [&](rt::Pools&, rt::Pool& pool) {
    return value == nullptr ? cudaErrorInvalidValue : rt::GetAttribute(pool, attr, value);
  });
}

extern "C" cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep) {
  return rt::OnPool(memPool, [&](rt::Pools&, rt::Pool& pool) {
    pool.kept = std::min<std::uint64_t>(pool.kept, minBytesToKeep > pool.used ? minBytesToKeep - pool.used : 0);
    return cudaSuccess;
  });
}

// Access to a pool from other devices (RT-PEER-3): the engine's one device owns every pool and
// always reads and writes it, so the only access a descriptor may ask for is that one; any other
// location names a device that does not exist, and the device cannot give up its own access.
extern "C" cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc* descList,
                                            size_t count) {
  return rt::OnPool(memPool, [&](rt::Pools&, rt::Pool&) {
    if (count != 0 && descList == nullptr) return cudaErrorInvalidValue;
    for (size_t i = 0; i < count; ++i) {
      const cudaMemAccessDesc& d = descList[i];
      if (d.location.type != cudaMemLocationTypeDevice || d.location.id != 0) return cudaErrorInvalidValue;
      if (d.flags != cudaMemAccessFlagsProtReadWrite) return cudaErrorInvalidValue;
    }
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags* flags, cudaMemPool_t memPool,
                                            struct cudaMemLocation* location) {
  return rt::OnPool(memPool, [&](rt::Pools&, rt::Pool&) {
    if (flags == nullptr || location == nullptr) return cudaErrorInvalidValue;
    if (location->type != cudaMemLocationTypeDevice || location->id != 0) return cudaErrorInvalidValue;
    *flags = cudaMemAccessFlagsProtReadWrite;
    return cudaSuccess;
  });
}
