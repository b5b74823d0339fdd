// NVTX's names for CUDA runtime objects (devices, streams, events), shown by a profiler. Nothing
// attaches to the engine, so naming does nothing (nvtx3/nvToolsExt.h).
#pragma once

#include "nvToolsExt.h"
#include "../cuda_runtime_api.h"

WARPSAFE_NVTX_INLINE void nvtxNameCudaDeviceA(int unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCudaDeviceW(int unused0, const wchar_t* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCudaStreamA(cudaStream_t unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCudaStreamW(cudaStream_t unused0, const wchar_t* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCudaEventA(cudaEvent_t unused0, const char* unused1) {}
WARPSAFE_NVTX_INLINE void nvtxNameCudaEventW(cudaEvent_t unused0, const wchar_t* unused1) {}

#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
