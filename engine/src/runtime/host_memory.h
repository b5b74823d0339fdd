// How much memory this machine can still back: what a large allocation is measured against before
// the runtime touches it. An allocation the machine cannot back must fail with
// cudaErrorMemoryAllocation, as a GPU's does; filling it would instead bring the kernel's OOM
// killer on the whole process. Internal to the runtime.
#pragma once

#include <cstddef>

namespace warpsafe::engine::runtime {

// The smaller of the kernel's estimate of available memory (/proc/meminfo MemAvailable) and the
// room left under this process's cgroup limit (cgroup v2 memory.max - memory.current), if any.
// SIZE_MAX when neither can be read.
std::size_t HostMemoryAvailableBytes();

}  // namespace warpsafe::engine::runtime
