// nvcc's cuda_occupancy.h: the occupancy calculator that asks no runtime. The caller describes the
// device (cudaOccDeviceProp, usually converted from cudaGetDeviceProperties), the kernel
// (cudaOccFuncAttributes, from cudaFuncGetAttributes) and the device's state (cudaOccDeviceState),
// and gets how many blocks of a given size fit on one multiprocessor, which limit decided it, and
// the block size that fills a multiprocessor best.
//
// Contract: for properties and attributes taken from the engine's own cudaGetDeviceProperties and
// cudaFuncGetAttributes, every answer equals the runtime's (engine/src/runtime/occupancy.cpp,
// cudaOccupancyMaxPotentialBlockSize in warpsafe/engine/runtime_templates.h): the same per-SM
// limits of threads, blocks, registers and shared memory, the same per-block reserve, no
// allocation granularity beyond whole warps (the engine has no register allocator, so the
// registers a kernel reports are already the engine's assumption). Only the compute capabilities
// the engine emulates are known devices: the maximum of resident blocks per multiprocessor is a
// property of the architecture that cudaOccDeviceProp does not carry. The rules are in
// docs/semantics/occupancy.md.
//
// Header-only and free of the runtime: it may be included alone, from host or device code.
#pragma once
#define __cuda_occupancy_h__

#include <stddef.h>

enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2,
};
typedef enum cudaOccError_enum cudaOccError;

typedef struct cudaOccResult cudaOccResult;
typedef struct cudaOccDeviceProp cudaOccDeviceProp;
typedef struct cudaOccFuncAttributes cudaOccFuncAttributes;
typedef struct cudaOccDeviceState cudaOccDeviceState;

typedef enum cudaOccPartitionedGCConfig_enum {
  PARTITIONED_GC_OFF,
  PARTITIONED_GC_ON,
  PARTITIONED_GC_ON_STRICT
} cudaOccPartitionedGCConfig;

typedef enum cudaOccFuncShmemConfig_enum {
  FUNC_SHMEM_LIMIT_DEFAULT,  // dynamic shared memory up to sharedMemPerBlock
  FUNC_SHMEM_LIMIT_OPTIN,    // up to the kernel's maxDynamicSharedSizeBytes (its opt-in)
} cudaOccFuncShmemConfig;

typedef enum cudaOccCacheConfig_enum {
  CACHE_PREFER_NONE = 0x00,
  CACHE_PREFER_SHARED = 0x01,
  CACHE_PREFER_L1 = 0x02,
  CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

// A percentage of the multiprocessor's shared memory, or the default (all of it).
typedef enum cudaOccCarveoutConfig_enum {
  SHAREDMEM_CARVEOUT_DEFAULT = -1,
  SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  SHAREDMEM_CARVEOUT_MAX_L1 = 0,
  SHAREDMEM_CARVEOUT_HALF = 50
} cudaOccCarveoutConfig;

typedef enum cudaOccLimitingFactor_enum {
  OCC_LIMIT_WARPS = 0x01,
  OCC_LIMIT_REGISTERS = 0x02,
  OCC_LIMIT_SHARED_MEMORY = 0x04,
  OCC_LIMIT_BLOCKS = 0x08,
  OCC_LIMIT_BARRIERS = 0x10,
  OCC_LIMIT_VIRTUAL_RESOURCES = 0x20
} cudaOccLimitingFactor;

typedef enum cudaOccPartitionedGCSupport_enum {
  PARTITIONED_GC_NOT_SUPPORTED,
  PARTITIONED_GC_SUPPORTED,
} cudaOccPartitionedGCSupport;

struct cudaOccDeviceProp {
  int computeMajor;
  int computeMinor;
  int maxThreadsPerBlock;
  int maxThreadsPerMultiprocessor;
  int regsPerBlock;
  int regsPerMultiprocessor;
  int warpSize;
  size_t sharedMemPerBlock;
  size_t sharedMemPerMultiprocessor;
  int numSms;
  size_t sharedMemPerBlockOptin;
  size_t reservedSharedMemPerBlock;
#ifdef __cplusplus
  // From a cudaDeviceProp (any type with its member names), as `cudaOccDeviceProp p = prop;`.
  template <typename DeviceProp>
  cudaOccDeviceProp(const DeviceProp& prop)
      : computeMajor(prop.major),
        computeMinor(prop.minor),
        maxThreadsPerBlock(prop.maxThreadsPerBlock),
        maxThreadsPerMultiprocessor(prop.maxThreadsPerMultiProcessor),
        regsPerBlock(prop.regsPerBlock),
        regsPerMultiprocessor(prop.regsPerMultiprocessor),
        warpSize(prop.warpSize),
        sharedMemPerBlock(prop.sharedMemPerBlock),
        sharedMemPerMultiprocessor(prop.sharedMemPerMultiprocessor),
        numSms(prop.multiProcessorCount),
        sharedMemPerBlockOptin(prop.sharedMemPerBlockOptin),
        reservedSharedMemPerBlock(prop.reservedSharedMemPerBlock) {}
  cudaOccDeviceProp()
      : computeMajor(0),
        computeMinor(0),
        maxThreadsPerBlock(0),
        maxThreadsPerMultiprocessor(0),
        regsPerBlock(0),
        regsPerMultiprocessor(0),
        warpSize(0),
        sharedMemPerBlock(0),
        sharedMemPerMultiprocessor(0),
        numSms(0),
        sharedMemPerBlockOptin(0),
        reservedSharedMemPerBlock(0) {}
#endif
};

struct cudaOccFuncAttributes {
  int maxThreadsPerBlock;  // 0: no limit of the kernel's own
  int numRegs;             // per thread; 0: registers do not limit
  size_t sharedSizeBytes;  // static shared memory per block
  cudaOccPartitionedGCConfig partitionedGCConfig;
  cudaOccFuncShmemConfig shmemLimitConfig;
  size_t maxDynamicSharedSizeBytes;
  int numBlockBarriers;
  int virtualResourceCount;
#ifdef __cplusplus
  // From a cudaFuncAttributes, as `cudaOccFuncAttributes a = attr;`: the kernel's own opt-in
  // (maxDynamicSharedSizeBytes) bounds its dynamic shared memory.
  template <typename FuncAttributes>
  cudaOccFuncAttributes(const FuncAttributes& attr)
      : maxThreadsPerBlock(attr.maxThreadsPerBlock),
        numRegs(attr.numRegs),
        sharedSizeBytes(attr.sharedSizeBytes),
        partitionedGCConfig(PARTITIONED_GC_OFF),
        shmemLimitConfig(FUNC_SHMEM_LIMIT_OPTIN),
        maxDynamicSharedSizeBytes(attr.maxDynamicSharedSizeBytes),
        numBlockBarriers(1),
        virtualResourceCount(0) {}
  cudaOccFuncAttributes()
      : maxThreadsPerBlock(0),
        numRegs(0),
        sharedSizeBytes(0),
        partitionedGCConfig(PARTITIONED_GC_OFF),
        shmemLimitConfig(FUNC_SHMEM_LIMIT_DEFAULT),
        maxDynamicSharedSizeBytes(0),
        numBlockBarriers(0),
        virtualResourceCount(0) {}
#endif
};

struct cudaOccDeviceState {
  cudaOccCacheConfig cacheConfig;  // a hint only from Volta on: it changes no result here
  int carveoutConfig;              // cudaOccCarveoutConfig or a percentage
#ifdef __cplusplus
  cudaOccDeviceState() : cacheConfig(CACHE_PREFER_NONE), carveoutConfig(SHAREDMEM_CARVEOUT_DEFAULT) {}
#endif
};

struct cudaOccResult {
  int activeBlocksPerMultiprocessor;  // 0: this configuration cannot launch at all
  unsigned int limitingFactors;       // OCC_LIMIT_* bits of every limit equal to the result
  int blockLimitRegs;
  int blockLimitSharedMem;
  int blockLimitWarps;
  int blockLimitBlocks;
  int blockLimitBarriers;
  int blockLimitVirtual;
  int allocatedRegistersPerBlock;
  size_t allocatedSharedMemPerBlock;  // static + dynamic + the per-block reserve
  cudaOccPartitionedGCConfig partitionedGCConfig;
};

#define __CUDA_OCC_MAJOR__ 12
#define __CUDA_OCC_MINOR__ 1

namespace warpsafe_occupancy_detail {

// No limit from a resource that the kernel does not use.
constexpr int kUnlimited = 0x7fffffff;

inline int Min(int a, int b) { return a < b ? a : b; }

// Resident blocks per multiprocessor by architecture (the Programming Guide's "Compute
// Capabilities" table), for the capabilities the engine emulates; 0 for any other.
inline int MaxBlocksPerSm(int major, int minor) {
  switch (major * 10 + minor) {
    case 60:
    case 70:
    case 80:
    case 90:
      return 32;
    case 75:
    case 86:
      return 16;
    case 89:
      return 24;
  }
  return 0;
}

inline cudaOccError CheckInputs(const cudaOccDeviceProp* p, const cudaOccFuncAttributes* a,
                                const cudaOccDeviceState* s) {
  if (p == nullptr || a == nullptr || s == nullptr) return CUDA_OCC_ERROR_INVALID_INPUT;
  if (p->warpSize <= 0 || p->maxThreadsPerBlock <= 0 || p->maxThreadsPerMultiprocessor <= 0 ||
      p->regsPerMultiprocessor < 0 || p->regsPerBlock < 0 || a->numRegs < 0 || a->maxThreadsPerBlock < 0) {
    return CUDA_OCC_ERROR_INVALID_INPUT;
  }
  if (s->carveoutConfig != SHAREDMEM_CARVEOUT_DEFAULT && (s->carveoutConfig < 0 || s->carveoutConfig > 100)) {
    return CUDA_OCC_ERROR_INVALID_INPUT;
  }
  if (MaxBlocksPerSm(p->computeMajor, p->computeMinor) == 0) return CUDA_OCC_ERROR_UNKNOWN_DEVICE;
  return CUDA_OCC_SUCCESS;
}

// The largest block the kernel may launch with on this device.
inline int BlockSizeLimit(const cudaOccDeviceProp* p, const cudaOccFuncAttributes* a) {
  return a->maxThreadsPerBlock > 0 ? Min(p->maxThreadsPerBlock, a->maxThreadsPerBlock) : p->maxThreadsPerBlock;
}

// The most dynamic shared memory one block of the kernel may ask for.
inline size_t DynamicSharedLimit(const cudaOccDeviceProp* p, const cudaOccFuncAttributes* a) {
  if (a->shmemLimitConfig == FUNC_SHMEM_LIMIT_OPTIN) return a->maxDynamicSharedSizeBytes;
  return p->sharedMemPerBlock > a->sharedSizeBytes ? p->sharedMemPerBlock - a->sharedSizeBytes : 0;
}

// The multiprocessor's shared memory that the carveout leaves to blocks.
inline size_t SharedPerSm(const cudaOccDeviceProp* p, const cudaOccDeviceState* s) {
  if (s->carveoutConfig == SHAREDMEM_CARVEOUT_DEFAULT) return p->sharedMemPerMultiprocessor;
  return p->sharedMemPerMultiprocessor / 100 * static_cast<size_t>(s->carveoutConfig);
}

// Blocks per multiprocessor as limited by threads, registers and the architecture's block count.
inline void LimitsWithoutShared(cudaOccResult* r, const cudaOccDeviceProp* p, const cudaOccFuncAttributes* a,
                                int block_size) {
  const int warps = (block_size + p->warpSize - 1) / p->warpSize;
  r->blockLimitWarps = p->maxThreadsPerMultiprocessor / (warps * p->warpSize);
  r->allocatedRegistersPerBlock = warps * p->warpSize * a->numRegs;
  if (a->numRegs == 0) {
    r->blockLimitRegs = kUnlimited;
  } else if (p->regsPerBlock > 0 && r->allocatedRegistersPerBlock > p->regsPerBlock) {
    r->blockLimitRegs = 0;
  } else {
    r->blockLimitRegs = p->regsPerMultiprocessor / r->allocatedRegistersPerBlock;
  }
  r->blockLimitBlocks = MaxBlocksPerSm(p->computeMajor, p->computeMinor);
  // The engine has no named-barrier or virtual-resource limit beyond the block count.
  r->blockLimitBarriers = r->blockLimitBlocks;
  r->blockLimitVirtual = kUnlimited;
}

}  // namespace warpsafe_occupancy_detail

static inline cudaOccError cudaOccMaxActiveBlocksPerMultiprocessor(cudaOccResult* result,
                                                                   const cudaOccDeviceProp* properties,
                                                                   const cudaOccFuncAttributes* attributes,
                                                                   const cudaOccDeviceState* state, int blockSize,
                                                                   size_t dynamicSmemSize) {
  namespace d = warpsafe_occupancy_detail;
  if (result == nullptr || blockSize <= 0) return CUDA_OCC_ERROR_INVALID_INPUT;
  const cudaOccError status = d::CheckInputs(properties, attributes, state);
  if (status != CUDA_OCC_SUCCESS) return status;
  cudaOccResult r{};
  r.partitionedGCConfig = PARTITIONED_GC_OFF;
  d::LimitsWithoutShared(&r, properties, attributes, blockSize);
  r.allocatedSharedMemPerBlock = attributes->sharedSizeBytes + dynamicSmemSize + properties->reservedSharedMemPerBlock;
  if (dynamicSmemSize > d::DynamicSharedLimit(properties, attributes)) {
    r.blockLimitSharedMem = 0;
  } else if (r.allocatedSharedMemPerBlock == 0) {
    r.blockLimitSharedMem = d::kUnlimited;
  } else {
    const size_t fit = d::SharedPerSm(properties, state) / r.allocatedSharedMemPerBlock;
    r.blockLimitSharedMem = fit > static_cast<size_t>(d::kUnlimited) ? d::kUnlimited : static_cast<int>(fit);
  }
  // A block larger than the kernel or the device allows never launches: no warps fit.
  if (blockSize > d::BlockSizeLimit(properties, attributes)) r.blockLimitWarps = 0;
  int blocks = d::Min(d::Min(r.blockLimitWarps, r.blockLimitRegs), d::Min(r.blockLimitSharedMem, r.blockLimitBlocks));
  blocks = d::Min(blocks, d::Min(r.blockLimitBarriers, r.blockLimitVirtual));
  r.activeBlocksPerMultiprocessor = blocks;
  if (r.blockLimitWarps == blocks) r.limitingFactors |= OCC_LIMIT_WARPS;
  if (r.blockLimitRegs == blocks) r.limitingFactors |= OCC_LIMIT_REGISTERS;
  if (r.blockLimitSharedMem == blocks) r.limitingFactors |= OCC_LIMIT_SHARED_MEMORY;
  if (r.blockLimitBlocks == blocks) r.limitingFactors |= OCC_LIMIT_BLOCKS;
  *result = r;
  return CUDA_OCC_SUCCESS;
}

// The most dynamic shared memory per block with which `numBlocks` blocks of `blockSize` threads
// still fit on one multiprocessor (0 when they do not fit even without any).
static inline cudaOccError cudaOccAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize,
                                                               const cudaOccDeviceProp* properties,
                                                               const cudaOccFuncAttributes* attributes,
                                                               const cudaOccDeviceState* state, int numBlocks,
                                                               int blockSize) {
  namespace d = warpsafe_occupancy_detail;
  if (dynamicSmemSize == nullptr || numBlocks <= 0 || blockSize <= 0) return CUDA_OCC_ERROR_INVALID_INPUT;
  const cudaOccError status = d::CheckInputs(properties, attributes, state);
  if (status != CUDA_OCC_SUCCESS) return status;
  cudaOccResult r{};
  d::LimitsWithoutShared(&r, properties, attributes, blockSize);
  const int fit = d::Min(d::Min(r.blockLimitWarps, r.blockLimitRegs), r.blockLimitBlocks);
  if (blockSize > d::BlockSizeLimit(properties, attributes) || fit < numBlocks) {
    *dynamicSmemSize = 0;
    return CUDA_OCC_SUCCESS;
  }
  const size_t share = d::SharedPerSm(properties, state) / static_cast<size_t>(numBlocks);
  const size_t taken = attributes->sharedSizeBytes + properties->reservedSharedMemPerBlock;
  const size_t usable = share > taken ? share - taken : 0;
  // Bounded by what a block may have on this device (with or without opt-in), not by the kernel's
  // current opt-in: the answer says how far the kernel may raise it.
  const size_t per_block =
      attributes->shmemLimitConfig == FUNC_SHMEM_LIMIT_OPTIN ? properties->sharedMemPerBlockOptin : properties->sharedMemPerBlock;
  const size_t limit = per_block > attributes->sharedSizeBytes ? per_block - attributes->sharedSizeBytes : 0;
  *dynamicSmemSize = usable < limit ? usable : limit;
  return CUDA_OCC_SUCCESS;
}

namespace warpsafe_occupancy_detail {

// The block size (a multiple of the warp size, or the largest allowed size itself) with the most
// resident threads per multiprocessor, searched from the largest down so that the larger size
// wins a tie, as cudaOccupancyMaxPotentialBlockSize chooses.
template <typename SmemOfBlockSize>
inline cudaOccError BestBlockSize(int* minGridSize, int* blockSize, const cudaOccDeviceProp* properties,
                                  const cudaOccFuncAttributes* attributes, const cudaOccDeviceState* state,
                                  SmemOfBlockSize smem_of) {
  if (minGridSize == nullptr || blockSize == nullptr) return CUDA_OCC_ERROR_INVALID_INPUT;
  const cudaOccError status = CheckInputs(properties, attributes, state);
  if (status != CUDA_OCC_SUCCESS) return status;
  const int granularity = properties->warpSize;
  int best_block = 0, best_blocks = 0, best_threads = 0;
  for (int block = BlockSizeLimit(properties, attributes); block > 0;
       block -= (block % granularity != 0 ? block % granularity : granularity)) {
    cudaOccResult r;
    const cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(&r, properties, attributes, state, block,
                                                                   static_cast<size_t>(smem_of(block)));
    if (e != CUDA_OCC_SUCCESS) return e;
    if (r.activeBlocksPerMultiprocessor * block > best_threads) {
      best_threads = r.activeBlocksPerMultiprocessor * block;
      best_block = block;
      best_blocks = r.activeBlocksPerMultiprocessor;
    }
    if (best_threads == properties->maxThreadsPerMultiprocessor) break;  // no smaller block does better
  }
  *minGridSize = best_blocks * properties->numSms;
  *blockSize = best_block;
  return CUDA_OCC_SUCCESS;
}

}  // namespace warpsafe_occupancy_detail

// The C form: the dynamic shared memory is `blockSizeToDynamicSMemSize(block size)` when that
// function is given, else the constant `dynamicSMemSize`.
static inline cudaOccError cudaOccMaxPotentialOccupancyBlockSize(int* minGridSize, int* blockSize,
                                                                 const cudaOccDeviceProp* properties,
                                                                 const cudaOccFuncAttributes* attributes,
                                                                 const cudaOccDeviceState* state,
                                                                 size_t (*blockSizeToDynamicSMemSize)(int),
                                                                 size_t dynamicSMemSize) {
  if (blockSizeToDynamicSMemSize != nullptr) {
    return warpsafe_occupancy_detail::BestBlockSize(minGridSize, blockSize, properties, attributes, state,
                                                    blockSizeToDynamicSMemSize);
  }
  return warpsafe_occupancy_detail::BestBlockSize(minGridSize, blockSize, properties, attributes, state,
                                                  [dynamicSMemSize](int) { return dynamicSMemSize; });
}

namespace {

inline cudaOccError cudaOccMaxPotentialOccupancyBlockSize(int* minGridSize, int* blockSize,
                                                          const cudaOccDeviceProp* properties,
                                                          const cudaOccFuncAttributes* attributes,
                                                          const cudaOccDeviceState* state, size_t dynamicSMemSize = 0) {
  return warpsafe_occupancy_detail::BestBlockSize(minGridSize, blockSize, properties, attributes, state,
                                                  [dynamicSMemSize](int) { return dynamicSMemSize; });
}

template <typename UnaryFunction>
inline cudaOccError cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(int* minGridSize, int* blockSize,
                                                                      const cudaOccDeviceProp* properties,
                                                                      const cudaOccFuncAttributes* attributes,
                                                                      const cudaOccDeviceState* state,
                                                                      UnaryFunction blockSizeToDynamicSMemSize) {
  return warpsafe_occupancy_detail::BestBlockSize(minGridSize, blockSize, properties, attributes, state,
                                                  blockSizeToDynamicSMemSize);
}

}  // namespace
