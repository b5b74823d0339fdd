// nvcc's cuda_device_runtime_api.h: the runtime API as device code sees it. The engine has one
// runtime for host and device code (cuda_runtime_api.h); launching a kernel from device code
// (dynamic parallelism) is reported as unsupported. What is here are the device-side halves of
// programmatic dependent launch (cudaLaunchAttributeProgrammaticStreamSerialization).
#pragma once
#define __CUDA_DEVICE_RUNTIME_API_H__

#include "driver_types.h"

// The engine runs a stream's grids one after another, so when a grid starts, the grid it might
// have overlapped has completed and its memory operations are visible: waiting for it returns at
// once, and signalling that dependents may start has no one to release. Both are legal on CUDA
// too, where a grid that never triggers releases its dependents when it completes.
inline void cudaGridDependencySynchronize(void) {}
inline void cudaTriggerProgrammaticLaunchCompletion(void) {}

// The device-side cudaDeviceSynchronize under the name CUB calls it by from device code (CCCL
// before 2.0, for CUDA 11.6 and later). Waiting in a kernel for the grids it launched is dynamic
// parallelism's, which CUDA 12 removed and the engine does not run (DP-1): the call answers with
// the status CUDA gives a program that still makes it, so CUB and Thrust report it as an error.
// Host code never reaches it (its pass calls cudaDeviceSynchronize).
inline cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void) { return cudaErrorUnsupportedDevSideSync; }
