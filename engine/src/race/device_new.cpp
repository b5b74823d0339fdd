// Global operator new and delete on the C allocator, so that `new` in device code (CUDA's
// device-side heap serves new as it serves malloc) reaches the allocator a checked build wraps.
// libstdc++'s own operator new calls malloc from inside the shared library, where the link's
// --wrap=malloc does not reach, and the checker would take a kernel's `new Node` for the host
// heap (device_heap.h, host_origin.h). Replacing the global forms in the program is what the
// standard allows; the behaviour is the library's: a failed allocation runs the new-handler, then
// throws std::bad_alloc (the nothrow forms return null). The aligned forms are left to the library.
#include <cstdlib>
#include <new>

namespace {

void* Allocate(std::size_t size) {
  if (size == 0) size = 1;
  for (;;) {
    if (void* p = std::malloc(size)) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* AllocateOrNull(std::size_t size) noexcept {
  try {
    return Allocate(size);
  } catch (...) {
    return nullptr;
  }
}

}  // namespace

void* operator new(std::size_t size) { return Allocate(size); }
void* operator new[](std::size_t size) { return Allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return AllocateOrNull(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return AllocateOrNull(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
