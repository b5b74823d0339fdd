// The C++ overloads that CUDA's cuda_runtime.h adds over the C API: typed pointers for the
// allocators (cudaMalloc(float**, ...)), kernels named by their function (cudaFuncSetAttribute(kernel,
// ...)), symbols named by their variable (cudaMemcpyToSymbol(table, ...)). Included from
// cuda_runtime_api.h; compiled as C++17 in user code.
//
// __device__ and __constant__ variables are plain globals in a CPU build, so a symbol is its own
// address and sizeof(symbol) is its size: symbol copies are memcpy with the bounds checked
// (offset + count > sizeof(symbol) fails with cudaErrorInvalidValue, as CUDA's does).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "cuda_runtime_api.h"
#include "driver_types.h"
#include "warpsafe/engine/api.h"
#include "warpsafe/engine/launch.h"

namespace warpsafe::engine::runtime {

// The engine's entry points behind the templates below (engine/src/runtime/symbols.cpp). Each
// checks the sticky error and records a failure as the last error, like the C functions.
cudaError_t CopyToSymbol(const void* symbol, std::size_t symbol_size, const void* src, std::size_t count,
                         std::size_t offset, cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t CopyFromSymbol(void* dst, const void* symbol, std::size_t symbol_size, std::size_t count,
                           std::size_t offset, cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t SymbolAddress(void** dev_ptr, const void* symbol, std::size_t symbol_size);

// Records `error` as the calling thread's last error (unless a sticky error is set, which then
// stays) and returns what the call must return: the sticky error if any, else `error`.
cudaError_t Fail(cudaError_t error);

// The result of the calling host thread's most recent Launch(): cudaSuccess, or the error that
// launch recorded as the last error (launch.cpp). Lets cudaLaunchKernel return what <<<>>> records.
cudaError_t LastLaunchResult();

// Makes a launch of the kernel at `func` from an array of pointers to its arguments (a graph's
// kernel node, cudaKernelNodeParams): a heap closure holding copies of the arguments, converted to
// the parameters' types, with the entry that calls the kernel and the closure's ops.
using KernelBinder = cudaError_t (*)(const void* func, void** args, KernelEntry* entry, void** closure,
                                     const ClosureOps** ops);
// Records how to bind the kernel at `func` (graph/kernel_registry.cpp); the first record stays.
void RegisterKernelBinder(const void* func, KernelBinder binder);
// Records the kernel's name as its definition spells it (`name` lives as long as the program: the
// front end passes a string literal); the first record stays.
void RegisterKernelName(const void* func, const char* name);
// Records the sizes and alignments of the kernel's parameters (its KernelParameterLayout record): the
// driver API's cuLaunchKernel reads a kernel's arguments from one packed buffer by it
// (CU_LAUNCH_PARAM_BUFFER_POINTER). The first record stays.
void RegisterKernelLayout(const void* func, const ParameterLayoutHead* layout);
// The layout recorded for the kernel at `func`, else null.
const ParameterLayoutHead* KernelLayout(const void* func);
// Whether the kernel at `func` can be launched by address (a binder is recorded for it).
bool IsRegisteredKernel(const void* func);
// Calls visit(address, name) for every kernel registered with its name, in no particular order.
void ForEachNamedKernel(void (*visit)(const void* func, const char* name, void* context), void* context);
// The name registered for the kernel at `func`, else `fallback`: the launches that take a kernel by
// address (cudaLaunchKernel, cudaLaunchCooperativeKernel, kernel nodes) report the kernel by it
// rather than by the API's name.
const char* KernelNameOr(const void* func, const char* fallback);
// Binds the kernel at `func` with the binder recorded for it; cudaErrorInvalidDeviceFunction for
// an address no registration named.
cudaError_t BindKernel(const void* func, void** args, KernelEntry* entry, void** closure, const ClosureOps** ops);
// Launches the kernel at spec.kernel_key with the arguments `args` points to, as the typed launch
// would: the untyped forms of cudaLaunchKernel, cudaLaunchCooperativeKernel and cudaLaunchKernelExC.
// Every non-template kernel a translated file defines is registered before main runs (the front
// end's kernel_registration.h), a template instantiation once the program names it typed.
cudaError_t LaunchByAddress(const LaunchSpec& spec, void** args);

// The arguments at args[0..], copied into a pack of the parameters' types.
template <class... Ts, std::size_t... I>
ParamPack<Ts...> ArgsPack(void** args, std::index_sequence<I...>) {
  return ParamPack<Ts...>(*static_cast<PackElement<I, Ts...>*>(args[I])...);
}

template <class... Params>
cudaError_t BindKernelArgs(const void* func, void** args, KernelEntry* entry, void** closure,
                           const ClosureOps** ops) {
  using Pack = ParamPack<std::remove_cv_t<std::remove_reference_t<Params>>...>;
  struct Closure {
    void (*kernel)(Params...);
    Pack params;
  };
  if (sizeof...(Params) != 0 && args == nullptr) return cudaErrorInvalidValue;
  auto* c = new Closure{reinterpret_cast<void (*)(Params...)>(const_cast<void*>(func)),
                        ArgsPack<std::remove_cv_t<std::remove_reference_t<Params>>...>(
                            args, std::index_sequence_for<Params...>{})};
  static constexpr ClosureOps kOps{[](const void* p) -> void* { return new Closure(*static_cast<const Closure*>(p)); },
                                   [](void* p) { delete static_cast<Closure*>(p); }};
  *entry = [](void* p) {
    auto* k = static_cast<Closure*>(p);
    CallWithPack(k->kernel, k->params);
  };
  *closure = c;
  *ops = &kOps;
  return cudaSuccess;
}

// Makes the kernel callable from an argument array (kernel nodes). The typed templates below call
// it, so a kernel is known once a program names it typed to the runtime: cudaFuncGetAttributes,
// cudaFuncSetAttribute, the occupancy calculator, cudaLaunchKernel or cudaLaunchKernelEx.
template <class... Params>
const void* RegisterKernel(void (*func)(Params...)) {
  RegisterKernelBinder(reinterpret_cast<const void*>(func), &BindKernelArgs<Params...>);
  RegisterKernelLayout(reinterpret_cast<const void*>(func),
                       &KernelParameterLayout<std::remove_cv_t<std::remove_reference_t<Params>>...>::record.head);
  return reinterpret_cast<const void*>(func);
}
// The front end's registration after a kernel's definition (kernel_registration.h), with its name.
template <class... Params>
const void* RegisterKernel(void (*func)(Params...), const char* name) {
  RegisterKernelName(reinterpret_cast<const void*>(func), name);
  return RegisterKernel(func);
}

template <class T>
const void* RegisterKernelIfKernel(T func) {
  return reinterpret_cast<const void*>(func);  // not a kernel's type: nothing to register
}
template <class... Params>
const void* RegisterKernelIfKernel(void (*func)(Params...)) {
  return RegisterKernel(func);
}

// A kernel's identity for the runtime: the address of its function, as the front end writes it in
// LaunchSpec::kernel_key. Accepts a function, a pointer to one, or an already untyped pointer; a
// typed one is also registered for kernel nodes.
template <class T>
const void* KernelKey(T func) {
  if constexpr (std::is_pointer_v<T> && std::is_function_v<std::remove_pointer_t<T>>) {
    return RegisterKernelIfKernel(func);
  } else {
    return static_cast<const void*>(func);
  }
}

// cudaLaunchKernelEx's configuration, with the caller's site: the converting constructor's default
// argument is evaluated at the call (cudaLaunchKernelEx cannot default a parameter after its pack).
struct LaunchConfigAt {
  const cudaLaunchConfig_t* config;
  Site site;
  LaunchConfigAt(const cudaLaunchConfig_t* c, Site s = Site::Here()) : config(c), site(s) {}
};

// Checks a cudaLaunchKernelEx configuration and its attributes as CUDA does (launch_ex.cpp);
// the grid, block, shared memory and stream are then checked by the launch itself.
cudaError_t CheckLaunchConfig(const cudaLaunchConfig_t* config);

template <class... Params, std::size_t... I>
void LaunchFromArgs(const LaunchSpec& spec, void (*func)(Params...), void** args,
                    std::index_sequence<I...>) {
  LaunchWith(spec, [func](auto&... a) { func(a...); },
             *static_cast<std::remove_cv_t<std::remove_reference_t<Params>>*>(args[I])...);
}

}  // namespace warpsafe::engine::runtime

// ---- allocation -----------------------------------------------------------------------------------

namespace warpsafe::engine::runtime {
// The `void**` the runtime's C functions take, from a `T**` whatever T's qualifiers: CUDA's own
// templates cast through `void*`, so `cudaMalloc(&p)` with `const float* p` compiles (the program
// fills the memory through another pointer, or with cudaMemcpy).
template <class T>
inline void** AsVoidPtrPtr(T** p) {
  return static_cast<void**>(static_cast<void*>(const_cast<std::remove_cv_t<T>**>(p)));
}
}  // namespace warpsafe::engine::runtime

static inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

static inline cudaError_t cudaMallocHost(void** ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}

template <class T>
static inline cudaError_t cudaMalloc(T** devPtr, size_t size) {
  return ::cudaMalloc(::warpsafe::engine::runtime::AsVoidPtrPtr(devPtr), size);
}

template <class T>
static inline cudaError_t cudaMallocHost(T** ptr, size_t size, unsigned int flags = 0) {
  return ::cudaHostAlloc(::warpsafe::engine::runtime::AsVoidPtrPtr(ptr), size, flags);
}

template <class T>
static inline cudaError_t cudaHostAlloc(T** ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc(::warpsafe::engine::runtime::AsVoidPtrPtr(ptr), size, flags);
}

template <class T>
static inline cudaError_t cudaHostGetDevicePointer(T** pDevice, void* pHost, unsigned int flags) {
  return ::cudaHostGetDevicePointer(::warpsafe::engine::runtime::AsVoidPtrPtr(pDevice), pHost, flags);
}

template <class T>
static inline cudaError_t cudaMallocManaged(T** devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged(::warpsafe::engine::runtime::AsVoidPtrPtr(devPtr), size, flags);
}

template <class T>
static inline cudaError_t cudaMallocPitch(T** devPtr, size_t* pitch, size_t width, size_t height) {
  return ::cudaMallocPitch(::warpsafe::engine::runtime::AsVoidPtrPtr(devPtr), pitch, width, height);
}

template <class T>
static inline cudaError_t cudaMallocAsync(T** devPtr, size_t size, cudaStream_t stream) {
  return ::cudaMallocAsync(::warpsafe::engine::runtime::AsVoidPtrPtr(devPtr), size, stream);
}

template <class T>
static inline cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T* devPtr, size_t length = 0,
                                                   unsigned int flags = cudaMemAttachSingle) {
  return ::cudaStreamAttachMemAsync(stream, const_cast<void*>(static_cast<const void*>(devPtr)), length, flags);
}

// ---- symbols --------------------------------------------------------------------------------------

template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::warpsafe::engine::runtime::CopyToSymbol(&symbol, sizeof(T), src, count, offset, kind, nullptr);
}

template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count,
                                                  size_t offset = 0,
                                                  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t stream = 0) {
  return ::warpsafe::engine::runtime::CopyToSymbol(&symbol, sizeof(T), src, count, offset, kind, stream);
}

template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::warpsafe::engine::runtime::CopyFromSymbol(dst, &symbol, sizeof(T), count, offset, kind, nullptr);
}

template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count,
                                                    size_t offset = 0,
                                                    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                    cudaStream_t stream = 0) {
  return ::warpsafe::engine::runtime::CopyFromSymbol(dst, &symbol, sizeof(T), count, offset, kind, stream);
}

template <class T>
static inline cudaError_t cudaGetSymbolAddress(void** devPtr, const T& symbol) {
  return ::warpsafe::engine::runtime::SymbolAddress(devPtr, &symbol, sizeof(T));
}

template <class T>
static inline cudaError_t cudaGetSymbolSize(size_t* size, [[maybe_unused]] const T& symbol) {
  if (size == nullptr) return ::warpsafe::engine::runtime::Fail(cudaErrorInvalidValue);
  *size = sizeof(T);
  return cudaSuccess;
}

// ---- kernels --------------------------------------------------------------------------------------

template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T* func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig(::warpsafe::engine::runtime::KernelKey(func), cacheConfig);
}

template <class T>
static inline cudaError_t cudaFuncSetSharedMemConfig(T* func, enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig(::warpsafe::engine::runtime::KernelKey(func), config);
}

template <class T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attr, T* entry) {
  return ::cudaFuncGetAttributes(attr, ::warpsafe::engine::runtime::KernelKey(entry));
}

template <class T>
static inline cudaError_t cudaFuncSetAttribute(T* entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute(::warpsafe::engine::runtime::KernelKey(entry), attr, value);
}

template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T func, int blockSize,
                                                                        size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, ::warpsafe::engine::runtime::KernelKey(func), blockSize, dynamicSMemSize, cudaOccupancyDefault);
}

template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T func,
                                                                                 int blockSize,
                                                                                 size_t dynamicSMemSize,
                                                                                 unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, ::warpsafe::engine::runtime::KernelKey(func), blockSize, dynamicSMemSize, flags);
}

template <class T>
static inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, T func,
                                                                    int numBlocks, int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, ::warpsafe::engine::runtime::KernelKey(func),
                                                     numBlocks, blockSize);
}

// As CUDA's: the block size (a multiple of the warp size, or blockSizeLimit itself when non-zero)
// that gives the most resident threads per multiprocessor, searched from the largest down so that
// the larger block size wins a tie, with the dynamic shared memory each block size needs given by
// `blockSizeToDynamicSMemSize`. minGridSize is the grid that fills every multiprocessor once.
template <class UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int* minGridSize, int* blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0,
    unsigned int flags = 0) {
  if (minGridSize == nullptr || blockSize == nullptr) {
    return ::warpsafe::engine::runtime::Fail(cudaErrorInvalidValue);
  }
  const void* key = ::warpsafe::engine::runtime::KernelKey(func);
  int device = 0;
  int max_threads = 0, sm_count = 0, granularity = 0, sm_threads = 0;
  cudaError_t status = ::cudaGetDevice(&device);
  if (status == cudaSuccess) status = ::cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerBlock, device);
  if (status == cudaSuccess) status = ::cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
  if (status == cudaSuccess) status = ::cudaDeviceGetAttribute(&granularity, cudaDevAttrWarpSize, device);
  if (status == cudaSuccess) {
    status = ::cudaDeviceGetAttribute(&sm_threads, cudaDevAttrMaxThreadsPerMultiProcessor, device);
  }
  if (status != cudaSuccess) return status;
  cudaFuncAttributes attributes;
  status = ::cudaFuncGetAttributes(&attributes, key);
  if (status != cudaSuccess) return status;
  int limit = max_threads < attributes.maxThreadsPerBlock ? max_threads : attributes.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < limit) limit = blockSizeLimit;
  int best_block = 0, best_blocks_per_sm = 0, best_threads = 0;
  for (int block = limit; block > 0; block -= (block % granularity != 0 ? block % granularity : granularity)) {
    int blocks_per_sm = 0;
    status = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks_per_sm, key, block, static_cast<size_t>(blockSizeToDynamicSMemSize(block)), flags);
    if (status != cudaSuccess) return status;
    if (blocks_per_sm * block > best_threads) {
      best_threads = blocks_per_sm * block;
      best_block = block;
      best_blocks_per_sm = blocks_per_sm;
    }
    if (best_threads == sm_threads) break;  // no smaller block can do better
  }
  *minGridSize = best_blocks_per_sm * sm_count;
  *blockSize = best_block;
  return cudaSuccess;
}

template <class UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* minGridSize, int* blockSize, T func,
                                                                         UnaryFunction blockSizeToDynamicSMemSize,
                                                                         int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func,
                                                                 blockSizeToDynamicSMemSize, blockSizeLimit,
                                                                 cudaOccupancyDefault);
}

template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T func,
                                                             size_t dynamicSMemSize = 0, int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, [dynamicSMemSize](int) { return dynamicSMemSize; }, blockSizeLimit,
      cudaOccupancyDefault);
}

template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int* minGridSize, int* blockSize, T func,
                                                                      size_t dynamicSMemSize = 0,
                                                                      int blockSizeLimit = 0,
                                                                      unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, [dynamicSMemSize](int) { return dynamicSMemSize; }, blockSizeLimit, flags);
}

// ---- launch ---------------------------------------------------------------------------------------

// cudaLaunchKernel with a typed kernel: `args[i]` points to the i-th parameter, as in CUDA. The
// untyped `const void*` form below needs the kernel registered (LaunchByAddress) and fails with
// cudaErrorInvalidDeviceFunction for an address no registration named.
template <class... Params>
static inline cudaError_t cudaLaunchKernel(void (*func)(Params...), dim3 grid, dim3 block, void** args,
                                           size_t sharedMem = 0, cudaStream_t stream = 0,
                                           ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::LaunchSpec spec{grid, block, sharedMem, stream,
                                      ::warpsafe::engine::runtime::KernelKey(func),
                                      ::warpsafe::engine::runtime::KernelNameOr(
                                          reinterpret_cast<const void*>(func), "cudaLaunchKernel"),
                                      site};
  if (sizeof...(Params) != 0 && args == nullptr) {
    return ::warpsafe::engine::runtime::Fail(cudaErrorInvalidValue);
  }
  ::warpsafe::engine::runtime::LaunchFromArgs(spec, func, args, std::index_sequence_for<Params...>{});
  return ::warpsafe::engine::runtime::LastLaunchResult();
}

// The C form, with the kernel named by address only (`(void*)kernel`, a pointer kept in a table):
// the kernel's typed form comes from its registration (LaunchByAddress).
static inline cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args, size_t sharedMem = 0,
                                           cudaStream_t stream = 0,
                                           ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::runtime::LaunchByAddress(
      ::warpsafe::engine::LaunchSpec{grid, block, sharedMem, stream, func,
                                     ::warpsafe::engine::runtime::KernelNameOr(func, "cudaLaunchKernel"), site},
      args);
}

static inline cudaError_t cudaLaunchCooperativeKernel(
    const void* func, dim3 grid, dim3 block, void** args, size_t sharedMem = 0, cudaStream_t stream = 0,
    ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  return ::warpsafe::engine::runtime::LaunchByAddress(
      ::warpsafe::engine::LaunchSpec{grid, block, sharedMem, stream, func,
                                     ::warpsafe::engine::runtime::KernelNameOr(func, "cudaLaunchCooperativeKernel"),
                                     site, true},
      args);
}

// cudaLaunchCooperativeKernel: the same with every block resident at once, so that the kernel may
// call grid.sync() (<cooperative_groups.h>). A grid larger than the device holds at once fails with
// cudaErrorCooperativeLaunchTooLarge. Typed, like cudaLaunchKernel above.
template <class... Params>
static inline cudaError_t cudaLaunchCooperativeKernel(void (*func)(Params...), dim3 grid, dim3 block, void** args,
                                                      size_t sharedMem = 0, cudaStream_t stream = 0,
                                                      ::warpsafe::engine::Site site = ::warpsafe::engine::Site::Here()) {
  ::warpsafe::engine::LaunchSpec spec{grid,
                                      block,
                                      sharedMem,
                                      stream,
                                      ::warpsafe::engine::runtime::KernelKey(func),
                                      ::warpsafe::engine::runtime::KernelNameOr(reinterpret_cast<const void*>(func),
                                                                                "cudaLaunchCooperativeKernel"),
                                      site,
                                      true};
  if (sizeof...(Params) != 0 && args == nullptr) {
    return ::warpsafe::engine::runtime::Fail(cudaErrorInvalidValue);
  }
  ::warpsafe::engine::runtime::LaunchFromArgs(spec, func, args, std::index_sequence_for<Params...>{});
  return ::warpsafe::engine::runtime::LastLaunchResult();
}

// cudaLaunchKernelEx with a typed kernel and its arguments, each converted to its parameter's type
// as CUDA's C++ form converts them. The launch attributes are checked and otherwise change nothing
// on the engine, which runs one grid after another: programmatic dependent launch (a kernel that
// may start before the previous one on its stream ends) is legal to run serialized, and then
// cudaGridDependencySynchronize has nothing to wait for. With cudaLaunchAttributeCooperative the
// launch is cooperative, as cudaLaunchCooperativeKernel's.
template <class... Params, class... Args>
static inline cudaError_t cudaLaunchKernelEx(::warpsafe::engine::runtime::LaunchConfigAt at, void (*kernel)(Params...),
                                             Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args), "cudaLaunchKernelEx: one argument per kernel parameter");
  if (cudaError_t e = ::warpsafe::engine::runtime::CheckLaunchConfig(at.config); e != cudaSuccess) {
    return ::warpsafe::engine::runtime::Fail(e);
  }
  const cudaLaunchConfig_t& c = *at.config;
  ::warpsafe::engine::LaunchSpec spec{c.gridDim, c.blockDim, c.dynamicSmemBytes, c.stream,
                                      ::warpsafe::engine::runtime::KernelKey(kernel),
                                      ::warpsafe::engine::runtime::KernelNameOr(reinterpret_cast<const void*>(kernel),
                                                                                "cudaLaunchKernelEx"),
                                      at.site};
  // The cooperative attribute asks what cudaLaunchCooperativeKernel asks: every block resident.
  for (unsigned i = 0; i < c.numAttrs; ++i) {
    if (c.attrs[i].id == cudaLaunchAttributeCooperative && c.attrs[i].val.cooperative != 0) spec.cooperative = true;
  }
  ::warpsafe::engine::LaunchWith(spec, [kernel](auto&... a) { kernel(a...); },
                                 std::remove_cv_t<std::remove_reference_t<Params>>(std::forward<Args>(args))...);
  return ::warpsafe::engine::runtime::LastLaunchResult();
}

// cudaLaunchKernelEx's C form: the kernel by address and its arguments as an array of pointers.
static inline cudaError_t cudaLaunchKernelExC(::warpsafe::engine::runtime::LaunchConfigAt at, const void* func,
                                              void** args) {
  if (cudaError_t e = ::warpsafe::engine::runtime::CheckLaunchConfig(at.config); e != cudaSuccess) {
    return ::warpsafe::engine::runtime::Fail(e);
  }
  const cudaLaunchConfig_t& c = *at.config;
  ::warpsafe::engine::LaunchSpec spec{c.gridDim, c.blockDim, c.dynamicSmemBytes, c.stream, func,
                                      ::warpsafe::engine::runtime::KernelNameOr(func, "cudaLaunchKernelExC"), at.site};
  for (unsigned i = 0; i < c.numAttrs; ++i) {
    if (c.attrs[i].id == cudaLaunchAttributeCooperative && c.attrs[i].val.cooperative != 0) spec.cooperative = true;
  }
  return ::warpsafe::engine::runtime::LaunchByAddress(spec, args);
}
