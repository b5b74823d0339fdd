// NVTX's names for CUDA driver API objects (devices, contexts, streams, events), shown by a
// profiler. Nothing attaches to the engine, so naming does nothing (nvtx3/nvToolsExt.h).
#pragma once

#include "nvToolsExt.h"
#include "../cuda.h"

WARPSAFE_NVTX_INLINE void nvtxNameCuDeviceA(CUdevice unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCuDeviceW(CUdevice unused0, const wchar_t* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCuContextA(CUcontext unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCuContextW(CUcontext unused0, const wchar_t* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCuStreamA(CUstream unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCuStreamW(CUstream unused0, const wchar_t* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCuEventA(CUevent unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCuEventW(CUevent unused0, const wchar_t* unused1) {}

#define nvtxNameCuDevice nvtxNameCuDeviceA
#define nvtxNameCuContext nvtxNameCuContextA
#define nvtxNameCuStream nvtxNameCuStreamA
#define nvtxNameCuEvent nvtxNameCuEventA
