// What a program set on its kernels with cudaFuncSetAttribute and cudaFuncSetCacheConfig, keyed by
// the kernel's address (LaunchSpec::kernel_key). Internal to the engine.
#pragma once

#include <cstddef>

namespace warpsafe::engine::runtime {

// The most dynamic shared memory a launch of `kernel_key` may request: its
// cudaFuncAttributeMaxDynamicSharedMemorySize, which is 48 KB until the program sets it (CUDA's
// default: 48 KB less the kernel's static shared memory, which the runtime cannot know and counts
// as 0). A null key is a kernel the front end could not name (a deduced template): the program may
// have opted it in under a name we cannot match, so it gets the arch's opt-in maximum.
std::size_t MaxDynamicSharedBytes(const void* kernel_key);

}  // namespace warpsafe::engine::runtime
