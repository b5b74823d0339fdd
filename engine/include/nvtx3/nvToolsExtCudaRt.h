// NVTX's names for CUDA runtime objects (devices, streams, events), shown by a profiler. Nothing
// attaches to the engine, so naming does nothing (nvtx3/nvToolsExt.h).
#pragma once

#include "nvToolsExt.h"
#include "../cuda_runtime_api.h"

inline void nvtxNameCudaDeviceA(int, const char*) {}
inline void nvtxNameCudaDeviceW(int, const wchar_t*) {}
inline void nvtxNameCudaStreamA(cudaStream_t, const char*) {}
inline void nvtxNameCudaStreamW(cudaStream_t, const wchar_t*) {}
inline void nvtxNameCudaEventA(cudaEvent_t, const char*) {}
inline void nvtxNameCudaEventW(cudaEvent_t, const wchar_t*) {}

#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
