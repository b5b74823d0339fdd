// nvcc's cuda_device_runtime_api.h: the runtime API as device code sees it. The engine has one
// runtime for host and device code (cuda_runtime_api.h); a kernel launched from device code runs
// after its parent's grid (dynamic parallelism, engine/src/runtime/child_launches.h). What is here
// are device code's named streams and the device-side halves of programmatic dependent launch
// (cudaLaunchAttributeProgrammaticStreamSerialization).
#pragma once
#define __CUDA_DEVICE_RUNTIME_API_H__

#include "driver_types.h"

// Device code's named streams (dynamic parallelism): a tail launch runs after the launching grid and
// all its other work; a fire-and-forget launch runs independently of it. Their values are CUDA's.
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)

// The engine runs a stream's grids one after another, so when a grid starts, the grid it might
// have overlapped has completed and its memory operations are visible: waiting for it returns at
// once, and signalling that dependents may start has no one to release. Both are legal on CUDA
// too, where a grid that never triggers releases its dependents when it completes.
inline void cudaGridDependencySynchronize(void) {}
inline void cudaTriggerProgrammaticLaunchCompletion(void) {}

// The device-side cudaDeviceSynchronize under the name CUB calls it by from device code (CCCL
// before 2.0, for CUDA 11.6 and later). Waiting in a kernel for the grids it launched is the legacy
// dynamic parallelism's, which CUDA 12 removed for compute capability 9.0 (DP-2): the call answers with
// the status CUDA gives a program that still makes it, so CUB and Thrust report it as an error.
// Host code never reaches it (its pass calls cudaDeviceSynchronize).
inline cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void) { return cudaErrorUnsupportedDevSideSync; }
