// device_heap.h. Only a checked build references the __wrap_ functions (its link options wrap the
// C allocator), so only such a program links this object; any other keeps calling libc directly.
#include "race/device_heap.h"

#include <cstddef>
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

inline DeviceHeap& Heap() {
  static auto* heap = new DeviceHeap();  // never destroyed: frees may come during exit
  return *heap;
}

// Set while this thread updates the table: the table's own nodes come from operator new, which
// (device_new.cpp) reaches the wrapped allocator again; those are the table's, not device code's,
// and taking the mutex a second time would deadlock.
thread_local bool tls_in_table = false;

inline void Allocated(void* p, std::size_t size) {
  if (p == nullptr || tls_lane == nullptr || tls_in_table) return;
  tls_in_table = true;  // before Heap(): its first call allocates the table itself
  {
    DeviceHeap& h = Heap();
    std::lock_guard<std::mutex> lock(h.mutex);
    h.blocks[reinterpret_cast<std::uintptr_t>(p)] = size == 0 ? 1 : size;
  }
  tls_in_table = false;
}

inline void Freed(void* p) {
  if (p == nullptr || tls_in_table) return;
  tls_in_table = true;
  {
    DeviceHeap& h = Heap();
    std::lock_guard<std::mutex> lock(h.mutex);
    if (!h.blocks.empty()) h.blocks.erase(reinterpret_cast<std::uintptr_t>(p));
  }
  tls_in_table = false;
}

}  // namespace warpsafe::engine::race

extern "C" bool warpsafe_in_device_heap(std::uintptr_t address) {
  using warpsafe::engine::race::Heap;
  using warpsafe::engine::race::DeviceHeap;
  DeviceHeap& h = Heap();
  std::lock_guard<std::mutex> lock(h.mutex);
  auto it = h.blocks.upper_bound(address);
  if (it == h.blocks.begin()) return false;
  --it;
  return address - it->first < it->second;
}

using warpsafe::engine::race::Allocated;
using warpsafe::engine::race::Freed;

extern "C" void* __wrap_malloc(std::size_t size) {
  void* p = __real_malloc(size);
  Allocated(p, size);
  return p;
}
extern "C" void* __wrap_calloc(std::size_t count, std::size_t size) {
  void* p = __real_calloc(count, size);
  Allocated(p, count * size);
  return p;
}
extern "C" void* __wrap_realloc(void* old, std::size_t size) {
  Freed(old);
  void* p = __real_realloc(old, size);
  Allocated(p, size);
  return p;
}
extern "C" void __wrap_free(void* p) {
  Freed(p);
  __real_free(p);
}
