// The per-architecture table. Sources: CUDA C++ Programming Guide, "Compute Capabilities"
// (technical specifications per compute capability: threads/blocks per SM, shared memory per SM
// and per block with opt-in), and the data sheets of the reference parts for SM counts, L2 and
// memory. See device_limits.h.
#include "runtime/device_limits.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "options.h"
#include "sched/grid.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine {
namespace {

constexpr int kMaxGridX = 2147483647;
constexpr std::size_t KiB = 1024;

constexpr DeviceLimits Make(int arch, const char* part, int sms, int threads_per_sm, int blocks_per_sm,
                            std::size_t optin, std::size_t per_sm, int clock_khz, int mem_clock_khz,
                            int bus_width, int l2, int fp64_ratio, int engines) {
  DeviceLimits d{};
  d.arch = arch;
  d.part = part;
  d.major = arch / 10;
  d.minor = arch % 10;
  d.max_threads_per_block = 1024;
  d.max_block_dim[0] = 1024;
  d.max_block_dim[1] = 1024;
  d.max_block_dim[2] = 64;
  d.max_grid_dim[0] = kMaxGridX;
  d.max_grid_dim[1] = 65535;
  d.max_grid_dim[2] = 65535;
  d.shared_per_block = kSharedPerBlockNoOptin;
  d.shared_per_block_optin = optin;
  d.reserved_shared_per_block = arch >= 80 ? 1 * KiB : 0;
  d.regs_per_block = 65536;
  // As many multiprocessors as the engine can keep resident at once, up to the part's: a cooperative
  // grid sized by the occupancy calculator (blocks per multiprocessor times multiprocessors, the
  // pattern the Programming Guide teaches) must then run, and one block more fails with
  // cudaErrorCooperativeLaunchTooLarge, as on a GPU. A part's own count (132 on an H100) would ask
  // the engine for 270,336 resident threads, each with its own stack. Per-multiprocessor values stay
  // the Guide's, so occupancy per multiprocessor is the GPU's (docs/semantics/runtime.md, DEV-SMS).
  d.multiprocessors = std::min(sms, static_cast<int>(kMaxResidentThreads) / threads_per_sm);
  d.max_threads_per_sm = threads_per_sm;
  d.max_blocks_per_sm = blocks_per_sm;
  d.shared_per_sm = per_sm;
  d.regs_per_sm = 65536;
  d.clock_khz = clock_khz;
  d.memory_clock_khz = mem_clock_khz;
  d.memory_bus_width = bus_width;
  d.l2_cache_bytes = l2;
  // Persisting L2 (access policy windows) exists from sm_80; the driver allows up to 3/4 of L2.
  d.persisting_l2_max_bytes = arch >= 80 ? l2 / 4 * 3 : 0;
  d.single_to_double_perf_ratio = fp64_ratio;
  d.async_engines = engines;
  d.cluster_launch = arch >= 90;
  return d;
}

constexpr int MiB = 1024 * 1024;

// arch, part, the part's SMs, threads/SM, blocks/SM, opt-in smem/block, smem/SM, clock, memory clock (kHz),
// bus width, L2, FP32:FP64 ratio, copy engines.
constexpr DeviceLimits kTable[] = {
    // sm_60: no opt-in above 48 KB per block; 64 KB per SM.
    Make(60, "Tesla P100-SXM2", 56, 2048, 32, 48 * KiB, 64 * KiB, 1480000, 715000, 4096, 4 * MiB, 2, 2),
    Make(70, "Tesla V100-SXM2", 80, 2048, 32, 96 * KiB, 96 * KiB, 1530000, 877000, 4096, 6 * MiB, 2, 6),
    Make(75, "Tesla T4", 40, 1024, 16, 64 * KiB, 64 * KiB, 1590000, 5001000, 256, 4 * MiB, 32, 3),
    Make(80, "A100-SXM4-40GB", 108, 2048, 32, 163 * KiB, 164 * KiB, 1410000, 1215000, 5120, 40 * MiB, 2, 3),
    Make(86, "GA102 (RTX 3090 Ti)", 84, 1536, 16, 99 * KiB, 100 * KiB, 1860000, 10501000, 384, 6 * MiB, 64, 2),
    Make(89, "AD102 (RTX 4090)", 128, 1536, 24, 99 * KiB, 100 * KiB, 2520000, 10501000, 384, 72 * MiB, 64, 2),
    Make(90, "H100 SXM5", 132, 2048, 32, 227 * KiB, 228 * KiB, 1980000, 2619000, 5120, 50 * MiB, 2, 3),
};

}  // namespace

const DeviceLimits* FindDeviceLimits(int arch) {
  for (const DeviceLimits& d : kTable) {
    if (d.arch == arch) return &d;
  }
  return nullptr;
}

const DeviceLimits& CurrentDeviceLimits() {
  const int arch = GetOptions().arch;
  const DeviceLimits* d = FindDeviceLimits(arch);
  if (d == nullptr) {
    // Options are validated where they are set (the CLI, RegisterArch); reaching here is a bug.
    std::fprintf(stderr, "warpsafe: internal error: no device limits for arch %d (expected 60, 70, 75, 80, 86, 89 or 90)\n",
                 arch);
    std::exit(kExitInternal);
  }
  return *d;
}

std::size_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return std::size_t{16} << 30;  // unknown: a plausible 16 GiB
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page);
}

std::size_t AvailableMemoryBytes() {
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return PhysicalMemoryBytes();
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page);
}

}  // namespace warpsafe::engine
