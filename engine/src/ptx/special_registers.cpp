// The special registers (PTX ISA, "Special Registers"), read for the calling lane.
//
// %laneid and the %lanemask_* registers follow from the thread's linear index in its block, as the
// warps are formed (x fastest, then y, then z). %warpid is the warp's index in its block: PTX allows
// any value that identifies the warp on its SM at that moment, and the engine gives the block-local
// one. %smid is the block's linear index modulo the emulated device's SM count, a valid SM number.
// %clock/%clock64 count nanoseconds of a monotonic clock, %globaltimer nanoseconds since the epoch.
#include <chrono>

#include "ptx/machine.h"
#include "runtime/device_limits.h"
#include "sched/block.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine::ptx {
namespace {

unsigned Component(const uint3& v, int c) { return c == 0 ? v.x : c == 1 ? v.y : v.z; }
unsigned Component(const dim3& v, int c) { return c == 0 ? v.x : c == 1 ? v.y : v.z; }

}  // namespace

std::uint64_t ReadSpecial(Machine& m, Special s, int component) {
  Lane& self = RequireLane("inline PTX special register", m.site);
  const LaneView& v = self.view;
  const unsigned lane = self.lane;
  switch (s) {
    case Special::kLaneId: return lane;
    case Special::kWarpId: return self.warp;
    case Special::kNWarpId: return static_cast<std::uint64_t>(CurrentDeviceLimits().max_threads_per_sm / 32);
    case Special::kSmId: {
      const std::uint64_t linear =
          v.block_idx.x + static_cast<std::uint64_t>(v.grid_dim.x) * (v.block_idx.y + std::uint64_t{v.grid_dim.y} * v.block_idx.z);
      return linear % static_cast<std::uint64_t>(CurrentDeviceLimits().multiprocessors);
    }
    case Special::kNSmId: return static_cast<std::uint64_t>(CurrentDeviceLimits().multiprocessors);
    case Special::kTid: return Component(v.thread_idx, component);
    case Special::kNTid: return Component(v.block_dim, component);
    case Special::kCtaId: return Component(v.block_idx, component);
    case Special::kNCtaId: return Component(v.grid_dim, component);
    case Special::kLaneMaskEq: return 1u << lane;
    case Special::kLaneMaskLt: return (1u << lane) - 1;
    case Special::kLaneMaskLe: return lane == 31 ? 0xffffffffu : (2u << lane) - 1;
    case Special::kLaneMaskGt: return lane == 31 ? 0u : ~((2u << lane) - 1) & 0xffffffffu;
    case Special::kLaneMaskGe: return ~((1u << lane) - 1) & 0xffffffffu;
    case Special::kClock: return static_cast<std::uint32_t>(Clock64());
    case Special::kClockHi: return static_cast<std::uint32_t>(static_cast<std::uint64_t>(Clock64()) >> 32);
    case Special::kClock64: return static_cast<std::uint64_t>(Clock64());
    case Special::kGlobalTimer:
    case Special::kGlobalTimerLo:
    case Special::kGlobalTimerHi: {
      const auto ns = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                     std::chrono::system_clock::now().time_since_epoch())
                                                     .count());
      if (s == Special::kGlobalTimerLo) return static_cast<std::uint32_t>(ns);
      if (s == Special::kGlobalTimerHi) return ns >> 32;
      return ns;
    }
    case Special::kDynamicSmemSize: return self.block->spec().dynamic_smem;
  }
  return 0;
}

}  // namespace warpsafe::engine::ptx
