// Memory that device code allocated with malloc/calloc/realloc (CUDA's device-side heap): the
// engine takes it from the host's C heap, so the host-memory check (host_origin.h) must not call
// it host memory. Checked builds link with --wrap for these functions (cmake/WarpsafeCheck.cmake);
// device_heap.cpp's wrappers record the blocks a GPU thread allocates, and give each a red zone of
// kDeviceHeapRedzone bytes on both sides (REDZONE-3, docs/semantics/redzones.md): an access there is
// out of bounds, where the C heap would have let it land on a neighbouring block unseen.
#pragma once

#include <cstddef>
#include <cstdint>

// True when `address` is inside a live block that device code allocated. Weak: a program linked
// without the wrappers (every unchecked one, and the engine's unit tests) has no device heap
// table, and the reference must not pull device_heap.cpp in: call it only when it is non-null.
extern "C" bool warpsafe_in_device_heap(std::uintptr_t address) __attribute__((weak));

// Bytes of red zone before and after every block device code allocates (a multiple of 16, so
// that the block keeps the C allocator's alignment).
namespace warpsafe::engine::race {
inline constexpr std::size_t kDeviceHeapRedzone = 32;
}  // namespace warpsafe::engine::race

// When [address, address + size) touches the red zone of a live device-heap block: true, with the
// block's start and size. Weak, as warpsafe_in_device_heap.
extern "C" bool warpsafe_device_heap_redzone(std::uintptr_t address, std::size_t size, std::uintptr_t* block,
                                             std::size_t* block_size) __attribute__((weak));
