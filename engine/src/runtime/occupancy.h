// Occupancy for the scheduler: how many blocks of a launch the emulated device holds at once, by
// the same per-multiprocessor limits cudaOccupancyMaxActiveBlocksPerMultiprocessor answers from
// (runtime/occupancy.cpp). Internal to the engine.
#pragma once

#include <cstddef>

#include "runtime/device_limits.h"

namespace warpsafe::engine::runtime {

// Blocks of `threads` threads using `dynamic_smem` bytes of dynamic shared memory that `d` holds
// resident at once: blocks per multiprocessor (threads, registers, block slots, shared memory)
// times multiprocessors. At least 1: a launch the runtime accepted runs, whatever its shape.
unsigned DeviceResidentBlocks(const DeviceLimits& d, unsigned threads, std::size_t dynamic_smem);

}  // namespace warpsafe::engine::runtime
