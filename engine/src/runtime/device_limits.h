// The emulated device's limits per architecture: the single source of truth for every limit the
// engine enforces or reports (launch validation, cudaGetDeviceProperties, cudaDeviceGetAttribute,
// occupancy, shared memory opt-in). Values are those of the CUDA C++ Programming Guide's
// "Compute Capabilities" tables, with part-specific ones (SM count, L2, memory bus) taken from the
// reference part of each architecture. Internal to the engine.
#pragma once

#include <cstddef>

namespace warpsafe::engine {

struct DeviceLimits {
  int arch;            // compute capability x10: 70, 75, 80, 86, 89, 90
  const char* part;    // the reference part the per-part values come from
  int major, minor;

  // Per block.
  int max_threads_per_block;           // 1024
  int max_block_dim[3];                // {1024, 1024, 64}
  int max_grid_dim[3];                 // {2^31-1, 65535, 65535}
  std::size_t shared_per_block;        // without opt-in: 48 KB
  std::size_t shared_per_block_optin;  // cudaFuncAttributeMaxDynamicSharedMemorySize maximum
  std::size_t reserved_shared_per_block;  // what the driver keeps per block (1 KB from sm_80)
  int regs_per_block;

  // Per multiprocessor.
  int multiprocessors;  // what the engine holds resident at once, at most the part's (device_limits.cpp)
  int max_threads_per_sm;
  int max_blocks_per_sm;
  std::size_t shared_per_sm;
  int regs_per_sm;

  // Part-specific.
  int clock_khz;
  int memory_clock_khz;
  int memory_bus_width;  // bits
  int l2_cache_bytes;
  int persisting_l2_max_bytes;
  int single_to_double_perf_ratio;
  int async_engines;
  bool cluster_launch;
};

inline constexpr int kWarpSize = 32;
inline constexpr std::size_t kSharedPerBlockNoOptin = 48 * 1024;
// Registers a thread is assumed to use: the engine has no register allocator to ask, and 32 is a
// typical count that keeps occupancy estimates realistic for small kernels.
inline constexpr int kAssumedRegsPerThread = 32;

// The limits of compute capability `arch` (x10), or null if warpsafe does not emulate it.
const DeviceLimits* FindDeviceLimits(int arch);

// The limits of the emulated device: those of GetOptions().arch.
const DeviceLimits& CurrentDeviceLimits();

// Physical memory of the host: the emulated device's totalGlobalMem.
std::size_t PhysicalMemoryBytes();
// Memory still available on the host: what cudaMemGetInfo reports free.
std::size_t AvailableMemoryBytes();

}  // namespace warpsafe::engine
