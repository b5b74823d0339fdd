// Launching a single-pass kernel right behind the kernel that clears its storage, overlapped with
// it (programmatic dependent launch, sm_90 and later).
//
// A scan or a select is two kernels on the caller's stream: the clear of its tile states and
// ticket (detail/device_clear.cuh), then the pass itself. Launched the ordinary way, the
// pass's blocks start only once the clear's grid has finished and drained; at 2^20 items, where a
// whole call takes about 10 us, that gap is a visible part of it. Launched with
// cudaLaunchAttributeProgrammaticStreamSerialization, the pass's blocks may start as soon as every
// block of the clear has executed griddepcontrol.launch_dependents (AllowDependentLaunch, the
// clear's first instruction), and each block waits at griddepcontrol.wait (WaitForPriorGrid) for
// the clear to complete and its stores to be visible (PTX ISA, griddepcontrol) before it touches
// the cleared storage. What a block does before that wait may only touch memory that the work
// before the clear produced: the clear itself started only after that work completed, and no
// block of the pass starts before every block of the clear has.
//
// The pass is launched so only when its kernel was compiled for sm_90 or later (the wait exists
// only there; a kernel JIT-compiled from older PTX would not wait) and the clear was a kernel (a
// memset does not request the overlap). The engine takes the same path: it accepts the attribute
// and runs a stream's work in order, so both instructions find the clear complete.
#pragma once
#ifndef WARPSAFE_DETAIL_DEVICE_LAUNCH_CUH_
#define WARPSAFE_DETAIL_DEVICE_LAUNCH_CUH_

#include <mutex>
#include <vector>

#include "warpsafe/detail/config.cuh"

namespace warpsafe::detail {

// In a kernel that LaunchOverlapped may have launched: wait until the clear before it has
// completed and its stores are visible. Returns at once when the kernel was launched normally.
WARPSAFE_DEVICE void WaitForPriorGrid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// In the clear: the kernel launched after this one (with the attribute) may start now. It does not
// make this kernel's stores visible; WaitForPriorGrid does.
WARPSAFE_DEVICE void AllowDependentLaunch() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// Whether `kernel`, as loaded on the current device, was compiled from sm_90 or later PTX (and so
// contains WaitForPriorGrid's instruction). Asked of the runtime once per kernel and device.
template <class Kernel>
bool CanLaunchOverlapped(Kernel* kernel) {
  struct Known {
    const void* kernel;
    int device;
    bool overlapped;
  };
  static std::mutex mutex;  // one cache for the kernels of this signature
  static std::vector<Known> known;
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return false;
  const void* key = reinterpret_cast<const void*>(kernel);
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (const Known& entry : known) {
      if (entry.kernel == key && entry.device == device) return entry.overlapped;
    }
  }
  cudaFuncAttributes attributes;
  const bool overlapped = cudaFuncGetAttributes(&attributes, kernel) == cudaSuccess && attributes.ptxVersion >= 90;
  const std::lock_guard<std::mutex> lock(mutex);
  known.push_back(Known{key, device, overlapped});
  return overlapped;
}

// kernel<<<blocks, threads, 0, stream>>>(args...), allowed to overlap the clear kernel just before
// it on `stream`; only where CanLaunchOverlapped(kernel). The ordinary launch stays a `<<<>>>` at
// the call site, so that the engine's launch rewrite names the kernel in its reports.
template <class... Params, class... Args>
cudaError_t LaunchOverlapped(void (*kernel)(Params...), unsigned blocks, unsigned threads, cudaStream_t stream,
                             Args... args) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, kernel, args...);
}

}  // namespace warpsafe::detail

#endif  // WARPSAFE_DETAIL_DEVICE_LAUNCH_CUH_
