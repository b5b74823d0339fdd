// NVTX's names for CUDA driver API objects (devices, contexts, streams, events), shown by a
// profiler. Nothing attaches to the engine, so naming does nothing (nvtx3/nvToolsExt.h).
#pragma once

#include "nvToolsExt.h"
#include "../cuda.h"

inline void nvtxNameCuDeviceA(CUdevice, const char*) {}
inline void nvtxNameCuDeviceW(CUdevice, const wchar_t*) {}
inline void nvtxNameCuContextA(CUcontext, const char*) {}
inline void nvtxNameCuContextW(CUcontext, const wchar_t*) {}
inline void nvtxNameCuStreamA(CUstream, const char*) {}
inline void nvtxNameCuStreamW(CUstream, const wchar_t*) {}
inline void nvtxNameCuEventA(CUevent, const char*) {}
inline void nvtxNameCuEventW(CUevent, const wchar_t*) {}

#define nvtxNameCuDevice nvtxNameCuDeviceA
#define nvtxNameCuContext nvtxNameCuContextA
#define nvtxNameCuStream nvtxNameCuStreamA
#define nvtxNameCuEvent nvtxNameCuEventA
