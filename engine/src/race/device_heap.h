// Memory that device code allocated with malloc/calloc/realloc (CUDA's device-side heap): the
// engine takes it from the host's C heap, so the host-memory check (host_origin.h) must not call
// it host memory. Checked builds link with --wrap for these functions (cmake/WarpsafeCheck.cmake);
// device_heap.cpp's wrappers record the blocks a GPU thread allocates.
#pragma once

#include <cstdint>

// True when `address` is inside a live block that device code allocated. Weak: a program linked
// without the wrappers (every unchecked one, and the engine's unit tests) has no device heap
// table, and the reference must not pull device_heap.cpp in: call it only when it is non-null.
extern "C" bool warpsafe_in_device_heap(std::uintptr_t address) __attribute__((weak));
