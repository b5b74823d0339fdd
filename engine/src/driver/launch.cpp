// Launches and the function handle's queries. A CUfunction is the kernel's address, the key under
// which the kernel registered itself (module.cpp), so a launch is the runtime's launch by address
// (runtime::LaunchByAddress): the same validation, the same grid run, the same reports naming the
// kernel and the launch's line, and `warpsafe check` sees it as any other launch. CUDA's runtime
// takes the same handle for a kernel (cudaLaunchKernel((void*)f, ...)).
#include <cstring>
#include <vector>

#include "driver/driver_call.h"
#include "driver/program_symbols.h"

namespace warpsafe::engine::driver {
namespace {

CUresult CheckFunction(CUfunction f) {
  if (f == nullptr || !runtime::IsRegisteredKernel(f)) return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

// The kernel's arguments from cuLaunchKernel's `extra`: one buffer holding every parameter at its
// offset (each aligned as its type), and the buffer's size, which must be the parameters' extent
// (a larger one, recorded on an H200 for a (pointer, int) kernel given 16 bytes, fails with
// CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES). `args` gets a pointer into the buffer per parameter.
CUresult ArgumentsFromBuffer(CUfunction f, void** extra, std::vector<void*>* args) {
  char* buffer = nullptr;
  const std::size_t* size = nullptr;
  for (std::size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
    if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER) {
      buffer = static_cast<char*>(extra[i + 1]);
    } else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) {
      size = static_cast<const std::size_t*>(extra[i + 1]);
    } else {
      return CUDA_ERROR_INVALID_VALUE;
    }
  }
  if (buffer == nullptr || size == nullptr) return CUDA_ERROR_INVALID_VALUE;
  const ParameterLayoutHead* layout = runtime::KernelLayout(f);
  if (layout == nullptr) return CUDA_ERROR_INVALID_HANDLE;
  const auto* params = reinterpret_cast<const ParameterLayoutEntry*>(layout + 1);
  std::size_t offset = 0;
  for (std::uint32_t i = 0; i < layout->count; ++i) {
    offset = (offset + params[i].align - 1) / params[i].align * params[i].align;
    args->push_back(buffer + offset);
    offset += params[i].size;
  }
  if (*size < offset) return CUDA_ERROR_INVALID_VALUE;
  if (*size != offset) return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  return CUDA_SUCCESS;
}

CUresult Launch(CUfunction f, dim3 grid, dim3 block, unsigned shared, CUstream stream, void** kernelParams,
                void** extra, bool cooperative, const char* call, Site site) {
  if (CUresult r = RequireContext(); r != CUDA_SUCCESS) return r;
  if (CUresult r = CheckFunction(f); r != CUDA_SUCCESS) return r;
  std::vector<void*> from_buffer;
  if (extra != nullptr) {
    if (kernelParams != nullptr) return CUDA_ERROR_INVALID_VALUE;  // one way to pass arguments
    if (CUresult r = ArgumentsFromBuffer(f, extra, &from_buffer); r != CUDA_SUCCESS) return r;
    kernelParams = from_buffer.data();
  }
  LaunchSpec spec{grid, block, shared, stream, f, runtime::KernelNameOr(f, call), site};
  spec.cooperative = cooperative;
  const bool sticky_before = runtime::StickyError() != cudaSuccess;
  const CUresult r = Forward([&] { return runtime::LaunchByAddress(spec, kernelParams); });
  // The engine runs the kernel within the call; a GPU runs it after the call has returned, so a
  // kernel that fails (a trap, a failed assert) leaves its sticky error for the next call that
  // synchronizes, and the launch itself succeeds (DRV-8).
  if (r != CUDA_SUCCESS && !sticky_before && runtime::StickyError() != cudaSuccess) return CUDA_SUCCESS;
  return r;
}

}  // namespace
}  // namespace warpsafe::engine::driver

namespace drv = warpsafe::engine::driver;
using warpsafe::engine::Site;

extern "C" CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                   unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                   unsigned int sharedMemBytes, CUstream hStream, void** kernelParams, void** extra,
                                   Site site) {
  return drv::Launch(f, dim3(gridDimX, gridDimY, gridDimZ), dim3(blockDimX, blockDimY, blockDimZ), sharedMemBytes,
                     hStream, kernelParams, extra, false, "cuLaunchKernel", site);
}

extern "C" CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                                              unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                              unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
                                              void** kernelParams, Site site) {
  return drv::Launch(f, dim3(gridDimX, gridDimY, gridDimZ), dim3(blockDimX, blockDimY, blockDimZ), sharedMemBytes,
                     hStream, kernelParams, nullptr, true, "cuLaunchCooperativeKernel", site);
}

extern "C" CUresult cuFuncGetAttribute(int* pi, CUfunction_attribute attrib, CUfunction hfunc) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (pi == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = drv::CheckFunction(hfunc); r != CUDA_SUCCESS) return r;
  cudaFuncAttributes a{};
  if (CUresult r = drv::Forward([&] { return cudaFuncGetAttributes(&a, static_cast<const void*>(hfunc)); });
      r != CUDA_SUCCESS) {
    return r;
  }
  switch (attrib) {
    case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *pi = a.maxThreadsPerBlock; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *pi = static_cast<int>(a.sharedSizeBytes); return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *pi = static_cast<int>(a.constSizeBytes); return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *pi = static_cast<int>(a.localSizeBytes); return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_NUM_REGS: *pi = a.numRegs; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_PTX_VERSION: *pi = a.ptxVersion; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *pi = a.binaryVersion; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA: *pi = a.cacheModeCA; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *pi = a.maxDynamicSharedSizeBytes; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *pi = a.preferredShmemCarveout; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET: *pi = a.clusterDimMustBeSet; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH: *pi = a.requiredClusterWidth; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT: *pi = a.requiredClusterHeight; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH: *pi = a.requiredClusterDepth; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED: *pi = a.nonPortableClusterSizeAllowed; return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
      *pi = a.clusterSchedulingPolicyPreference;
      return CUDA_SUCCESS;
    case CU_FUNC_ATTRIBUTE_MAX:
      break;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

// CUfunction_attribute numbers the settable attributes as cudaFuncAttribute does.
extern "C" CUresult cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (CUresult r = drv::CheckFunction(hfunc); r != CUDA_SUCCESS) return r;
  return drv::Forward(
      [&] { return cudaFuncSetAttribute(static_cast<const void*>(hfunc), static_cast<cudaFuncAttribute>(attrib), value); });
}

extern "C" CUresult cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (CUresult r = drv::CheckFunction(hfunc); r != CUDA_SUCCESS) return r;
  return drv::Forward(
      [&] { return cudaFuncSetCacheConfig(static_cast<const void*>(hfunc), static_cast<cudaFuncCache>(config)); });
}

// The kernel's symbol name (mangled for C++ linkage), as the driver gives it.
extern "C" CUresult cuFuncGetName(const char** name, CUfunction hfunc) {
  if (CUresult r = drv::RequireInit(); r != CUDA_SUCCESS) return r;
  if (name == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = drv::CheckFunction(hfunc); r != CUDA_SUCCESS) return r;
  const auto symbols = drv::FunctionsAt(hfunc);
  *name = !symbols.empty() ? symbols.front()->name.c_str() : warpsafe::engine::runtime::KernelNameOr(hfunc, "");
  return CUDA_SUCCESS;
}

extern "C" CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, CUfunction func, int blockSize,
                                                                         size_t dynamicSMemSize, unsigned int flags) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (CUresult r = drv::CheckFunction(func); r != CUDA_SUCCESS) return r;
  return drv::Forward([&] {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, static_cast<const void*>(func), blockSize,
                                                                  dynamicSMemSize, flags);
  });
}

extern "C" CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, CUfunction func, int blockSize,
                                                                size_t dynamicSMemSize) {
  return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, 0);
}

// The runtime's search for the block size of most resident threads (runtime_templates.h), with the
// dynamic shared memory per block size from the callback when one is given.
extern "C" CUresult cuOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, CUfunction func,
                                                     CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                     size_t dynamicSMemSize, int blockSizeLimit) {
  if (CUresult r = drv::RequireContext(); r != CUDA_SUCCESS) return r;
  if (CUresult r = drv::CheckFunction(func); r != CUDA_SUCCESS) return r;
  const void* key = func;
  return drv::Forward([&] {
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
        minGridSize, blockSize, key,
        [&](int size) { return blockSizeToDynamicSMemSize != nullptr ? blockSizeToDynamicSMemSize(size) : dynamicSMemSize; },
        blockSizeLimit, 0);
  });
}
