// nvcc includes this header into every .cu file; so does the warpsafe front end. It gathers the
// CUDA surface that a CPU build of a .cu file sees.
#pragma once
#define __CUDA_RUNTIME_H__

#ifndef __cplusplus
// A host .c file compiled as C, as nvcc hands .c files to the host compiler: what CUDA's headers
// give C, the types and the runtime API's C-linkage functions (docs/semantics/c_sources.md). The
// rest (kernels, launches, templates, device functions) exists only for C++ and .cu files.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vector_types.h"
#include "device_types.h"
#include "driver_types.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#else

#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __WARPSAFE__
#define __WARPSAFE__ 1
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <ctime>

#include "warpsafe/engine/keywords.h"
#include "warpsafe/engine/launch.h"
#include "warpsafe/engine/zero_literal.h"
#include "vector_types.h"
#include "device_types.h"
#include "driver_types.h"
#include "cuda_runtime_api.h"
#include "warpsafe/engine/legacy_thread_api.h"
#include "cuda_device_runtime_api.h"
#include "warpsafe/engine/graph_runtime_api.h"
#include "driver_functions.h"
#include "channel_descriptor.h"
#include "texture_indirect_functions.h"
#include "texture_fetch_functions.h"
#include "surface_indirect_functions.h"
#include "surface_functions.h"
#include "warpsafe/engine/warp_intrinsics.h"
#include "warpsafe/engine/device_functions.h"
#include "warpsafe/engine/atomics.h"
#include "warpsafe/engine/builtin_atomics.h"
#include "warpsafe/engine/device_math.h"
#include "warpsafe/engine/ptx.h"
// Placement new, which libcu++ relies on (it constructs barriers in place without including <new>
// itself): nvcc's headers include <new> in the device pass and, through <functional>, in the host
// pass.
#include <new>
// assert: nvcc's runtime header includes <assert.h>, so a kernel file may call assert without
// including it (cuda-samples' simpleAssert_nvrtc kernel does), and NVRTC defines it built in.
#include <assert.h>

// The device a program sees follows the arch it was built for (--arch): registered before main.
// Code compiled at run time (NVRTC) runs on the device the program already has.
#if !defined(__WARPSAFE_MODULE__)
namespace warpsafe::engine::detail {
inline const int kRegisteredArch = ::warpsafe::engine::RegisterArch(__WARPSAFE_ARCH__);
}  // namespace warpsafe::engine::detail
#endif
#endif  // __cplusplus
