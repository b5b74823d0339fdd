// Occupancy: how many blocks of a kernel fit on one multiprocessor of the emulated device, from
// its per-SM limits (threads, blocks, registers, shared memory; device_limits.h), with every
// thread assumed to use kAssumedRegsPerThread registers and no static shared memory.
#include <algorithm>

#include "cuda_runtime_api.h"
#include "runtime/device_limits.h"
#include "runtime/func_attributes.h"
#include "runtime/occupancy.h"
#include "runtime/runtime_call.h"

namespace warpsafe::engine::runtime {
namespace {

// Blocks of `block_size` threads that fit per SM ignoring shared memory; 0 if none.
int BlocksByThreadsAndRegisters(const DeviceLimits& d, int block_size) {
  const int warps = (block_size + kWarpSize - 1) / kWarpSize;
  const int by_threads = d.max_threads_per_sm / (warps * kWarpSize);
  const int by_regs = d.regs_per_sm / (warps * kWarpSize * kAssumedRegsPerThread);
  return std::min({by_threads, by_regs, d.max_blocks_per_sm});
}

// Blocks per SM of `block_size` threads with `dynamic_smem` bytes of dynamic shared memory (the
// calculator's answer once the launch is known to be valid).
int BlocksPerSm(const DeviceLimits& d, int block_size, std::size_t dynamic_smem) {
  int blocks = BlocksByThreadsAndRegisters(d, block_size);
  const std::size_t per_block = dynamic_smem + d.reserved_shared_per_block;
  if (per_block != 0) blocks = static_cast<int>(std::min<std::size_t>(blocks, d.shared_per_sm / per_block));
  return blocks;
}

}  // namespace

unsigned DeviceResidentBlocks(const DeviceLimits& d, unsigned threads, std::size_t dynamic_smem) {
  const int per_sm = threads == 0 || threads > static_cast<unsigned>(d.max_threads_per_block)
                         ? 1
                         : BlocksPerSm(d, static_cast<int>(threads), dynamic_smem);
  return static_cast<unsigned>(std::max(1, per_sm) * std::max(1, d.multiprocessors));
}

}  // namespace warpsafe::engine::runtime

namespace rt = warpsafe::engine::runtime;

extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, const void* func,
                                                                              int blockSize, size_t dynamicSMemSize,
                                                                              unsigned int flags) {
  return rt::Call([&] {
    if (numBlocks == nullptr) return cudaErrorInvalidValue;
    if (func == nullptr) return cudaErrorInvalidDeviceFunction;
    if (flags != cudaOccupancyDefault && flags != cudaOccupancyDisableCachingOverride) return cudaErrorInvalidValue;
    if (blockSize <= 0) return cudaErrorInvalidValue;
    const warpsafe::engine::DeviceLimits& d = warpsafe::engine::CurrentDeviceLimits();
    // A launch that could not run at all has an occupancy of zero, not an error.
    if (blockSize > d.max_threads_per_block || dynamicSMemSize > rt::MaxDynamicSharedBytes(func)) {
      *numBlocks = 0;
      return cudaSuccess;
    }
    *numBlocks = rt::BlocksPerSm(d, blockSize, dynamicSMemSize);
    return cudaSuccess;
  });
}

extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* func, int blockSize,
                                                                     size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize,
                                                                cudaOccupancyDefault);
}

extern "C" cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, const void* func,
                                                                 int numBlocks, int blockSize) {
  return rt::Call([&] {
    if (dynamicSmemSize == nullptr || numBlocks <= 0 || blockSize <= 0) return cudaErrorInvalidValue;
    if (func == nullptr) return cudaErrorInvalidDeviceFunction;
    const warpsafe::engine::DeviceLimits& d = warpsafe::engine::CurrentDeviceLimits();
    if (blockSize > d.max_threads_per_block || rt::BlocksByThreadsAndRegisters(d, blockSize) < numBlocks) {
      *dynamicSmemSize = 0;
      return cudaSuccess;
    }
    const std::size_t share = d.shared_per_sm / static_cast<std::size_t>(numBlocks);
    const std::size_t usable = share > d.reserved_shared_per_block ? share - d.reserved_shared_per_block : 0;
    *dynamicSmemSize = std::min(usable, d.shared_per_block_optin);
    return cudaSuccess;
  });
}
