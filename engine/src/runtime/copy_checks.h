// What a copy or fill may touch on its device side. Internal to the runtime.
#pragma once

#include <atomic>
#include <cstddef>

#include "driver_types.h"

namespace warpsafe::engine::runtime {

// cudaSuccess if [p, p + count) is memory the device can address: inside one recorded allocation
// (device, managed, pinned or registered host, symbol), or in the program's static storage, where
// its __device__, __constant__ and __managed__ variables live. cudaErrorInvalidValue otherwise:
// a heap or stack pointer of the host, or a range that runs past its allocation, which on a GPU
// fails the same way or corrupts a neighbour.
cudaError_t CheckDeviceRange(const void* p, std::size_t count);

// True if `p` lies in the static storage (code, constants, data, bss) of the executable, or of an
// object loaded at run time (IsLoadedStaticStorage).
bool IsStaticStorage(const void* p);

// The segments of an object the program loaded with code compiled at run time (NVRTC,
// engine/src/nvrtc): its __device__ and __constant__ variables are device memory as the
// executable's are. Ranges are never removed (such objects stay loaded). Lock-free to read.
void AddLoadedStaticStorage(const void* begin, std::size_t size);
bool IsLoadedStaticStorage(const void* p);
// How many ranges AddLoadedStaticStorage holds: 0 in every program without such objects, so that
// the checker's per-access test costs one load there.
inline std::atomic<std::size_t> g_loaded_static_ranges{0};

// One side of a copy. A device side must pass CheckDeviceRange. Any side that falls in a recorded
// allocation must also fit in it: a host-side pointer into pinned or managed memory that runs past
// its block is as wrong as a device-side one.
cudaError_t CheckCopySide(const void* p, std::size_t count, bool device_side);

// The direction check and device-side range checks of one copy of `count` bytes.
cudaError_t CheckCopy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind);

}  // namespace warpsafe::engine::runtime
