// device_heap.h. Only a checked build references the __wrap_ functions (its link options wrap the
// C allocator), so only such a program links this object; any other keeps calling libc directly.
#include "race/device_heap.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>

#include "warpsafe/engine/api.h"

extern "C" void* __real_malloc(std::size_t size);
extern "C" void* __real_calloc(std::size_t count, std::size_t size);
extern "C" void* __real_realloc(void* p, std::size_t size);
extern "C" void __real_free(void* p);

namespace warpsafe::engine::race {

struct DeviceHeap {
  std::mutex mutex;  // host threads free too; the table is small and touched only by allocations
  std::map<std::uintptr_t, std::size_t> blocks;  // base -> size, blocks allocated by GPU threads
};

// Live device-heap blocks, read without the lock: a program that never allocates in device code
// pays one load per access the red-zone check is asked about.
std::atomic<std::size_t> g_live_blocks{0};

inline DeviceHeap& Heap() {
  static auto* heap = new DeviceHeap();  // never destroyed: frees may come during exit
  return *heap;
}

// Set while this thread updates the table: the table's own nodes come from operator new, which
// (device_new.cpp) reaches the wrapped allocator again; those are the table's, not device code's,
// and taking the mutex a second time would deadlock.
thread_local bool tls_in_table = false;

// True when this allocation is device code's (a GPU thread's, not the table's own).
inline bool FromDevice() { return tls_lane != nullptr && !tls_in_table; }

// Allocates `size` bytes for device code with a red zone on both sides and records the block;
// `zeroed` through calloc, which leaves a large block's fresh pages untouched (the detector's own
// shadow pages are allocated on a lane too).
inline void* AllocateForDevice(std::size_t size, bool zeroed = false) {
  if (size > SIZE_MAX - 2 * kDeviceHeapRedzone) return nullptr;
  auto* raw = static_cast<unsigned char*>(zeroed ? __real_calloc(1, size + 2 * kDeviceHeapRedzone)
                                                 : __real_malloc(size + 2 * kDeviceHeapRedzone));
  if (raw == nullptr) return nullptr;
  void* p = raw + kDeviceHeapRedzone;
  tls_in_table = true;  // before Heap(): its first call allocates the table itself
  {
    DeviceHeap& h = Heap();
    std::lock_guard<std::mutex> lock(h.mutex);
    h.blocks[reinterpret_cast<std::uintptr_t>(p)] = size == 0 ? 1 : size;
    g_live_blocks.store(h.blocks.size(), std::memory_order_relaxed);
  }
  tls_in_table = false;
  return p;
}

// Forgets `p` if device code allocated it; returns what to give the C allocator back.
inline void* Freed(void* p) {
  if (p == nullptr || tls_in_table) return p;
  bool device = false;
  tls_in_table = true;
  {
    DeviceHeap& h = Heap();
    std::lock_guard<std::mutex> lock(h.mutex);
    if (!h.blocks.empty()) device = h.blocks.erase(reinterpret_cast<std::uintptr_t>(p)) != 0;
    g_live_blocks.store(h.blocks.size(), std::memory_order_relaxed);
  }
  tls_in_table = false;
  return device ? static_cast<unsigned char*>(p) - kDeviceHeapRedzone : p;
}

// The size device code asked for when it allocated `p` (0 when it did not).
inline std::size_t DeviceBlockSize(void* p) {
  if (p == nullptr || tls_in_table) return 0;
  DeviceHeap& h = Heap();
  std::lock_guard<std::mutex> lock(h.mutex);
  const auto it = h.blocks.find(reinterpret_cast<std::uintptr_t>(p));
  return it == h.blocks.end() ? 0 : it->second;
}

}  // namespace warpsafe::engine::race

extern "C" bool warpsafe_in_device_heap(std::uintptr_t address) {
  using warpsafe::engine::race::Heap;
  using warpsafe::engine::race::DeviceHeap;
  using warpsafe::engine::race::kDeviceHeapRedzone;
  DeviceHeap& h = Heap();
  std::lock_guard<std::mutex> lock(h.mutex);
  // The first block starting after the address's red zone could begin.
  auto it = h.blocks.upper_bound(address + kDeviceHeapRedzone);
  if (it == h.blocks.begin()) return false;
  --it;
  return address + kDeviceHeapRedzone - it->first < it->second + 2 * kDeviceHeapRedzone;
}

extern "C" bool warpsafe_device_heap_redzone(std::uintptr_t address, std::size_t size, std::uintptr_t* block,
                                             std::size_t* block_size) {
  using warpsafe::engine::race::Heap;
  using warpsafe::engine::race::DeviceHeap;
  using warpsafe::engine::race::kDeviceHeapRedzone;
  if (warpsafe::engine::race::g_live_blocks.load(std::memory_order_relaxed) == 0) return false;
  DeviceHeap& h = Heap();
  std::lock_guard<std::mutex> lock(h.mutex);
  if (h.blocks.empty()) return false;
  // Blocks are at least 2 red zones apart: only the nearest ones on either side can be touched.
  auto it = h.blocks.upper_bound(address + size - 1 + kDeviceHeapRedzone);
  for (int i = 0; i < 2 && it != h.blocks.begin(); ++i) {
    --it;
    const std::uintptr_t start = it->first, end = it->first + it->second;
    const bool near = address + size > start - kDeviceHeapRedzone && address < end + kDeviceHeapRedzone;
    const bool inside = address >= start && address + size <= end;
    if (near && !inside) {
      *block = start;
      *block_size = it->second;
      return true;
    }
    if (near) return false;
  }
  return false;
}

using warpsafe::engine::race::AllocateForDevice;
using warpsafe::engine::race::DeviceBlockSize;
using warpsafe::engine::race::Freed;
using warpsafe::engine::race::FromDevice;

extern "C" void* __wrap_malloc(std::size_t size) {
  return FromDevice() ? AllocateForDevice(size) : __real_malloc(size);
}
extern "C" void* __wrap_calloc(std::size_t count, std::size_t size) {
  if (!FromDevice()) return __real_calloc(count, size);
  if (size != 0 && count > SIZE_MAX / size) return nullptr;
  return AllocateForDevice(count * size, true);
}
extern "C" void* __wrap_realloc(void* old, std::size_t size) {
  // A device-heap block moves to a new one of its kind (CUDA has no device-side realloc; this
  // serves a host or device call that gets such a block all the same).
  if (const std::size_t old_size = DeviceBlockSize(old); old_size != 0 || (old == nullptr && FromDevice())) {
    void* p = AllocateForDevice(size);
    if (p == nullptr) return nullptr;
    if (old != nullptr) {
      std::memcpy(p, old, old_size < size ? old_size : size);
      __real_free(Freed(old));
    }
    return p;
  }
  return __real_realloc(old, size);
}
extern "C" void __wrap_free(void* p) { __real_free(Freed(p)); }
