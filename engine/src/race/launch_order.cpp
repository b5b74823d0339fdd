// The detector's view of launches that may run concurrently (docs/semantics/streams.md): which
// earlier launches' accesses the shadow keeps, how their blocks are numbered, and whether one
// happens before the running launch (stream_order.h decides that).
#include "race/detector.h"
#include "race/stream_order.h"

namespace warpsafe::engine::race {

bool Detector::StartLaunch(const char* kernel, Site site, std::uint32_t launch, dim3 grid, dim3 block) {
  const std::uint64_t blocks64 = std::uint64_t{grid.x} * grid.y * grid.z;
  const auto blocks = static_cast<std::uint32_t>(blocks64);
  // Forget the earlier launches when all of them happen before this one, or when numbering this
  // launch's blocks after theirs would wrap around (then a race between the two launches may go
  // unreported, never one be invented). Only the launches the shadow still holds are asked: those
  // forgotten before were ordered before one of them.
  bool forget = true;
  for (const LaunchInfo& earlier : launches_) {
    if (launch != 0 && !GetStreamOrder().Ordered(earlier.id, launch)) forget = false;
  }
  std::uint32_t base = 0;
  if (!forget && !launches_.empty()) {
    const LaunchInfo& last = launches_.back();
    const std::uint64_t next = std::uint64_t{last.base} + last.blocks;
    if (next + blocks64 >= (std::uint64_t{1} << 31)) {
      forget = true;
    } else {
      base = static_cast<std::uint32_t>(next);
    }
  }
  if (forget) launches_.clear();
  launches_.push_back(LaunchInfo{launch, base, blocks, grid, block, kernel, site});
  launch_base_ = base;
  return forget;
}

const Detector::LaunchInfo* Detector::LaunchOfBlock(std::uint32_t b) const {
  for (const LaunchInfo& l : launches_) {
    if (b >= l.base && b - l.base < l.blocks) return &l;
  }
  return nullptr;
}

bool Detector::EarlierLaunchOrdered(std::uint32_t b) const {
  const LaunchInfo* earlier = LaunchOfBlock(b);
  return earlier == nullptr || GetStreamOrder().Ordered(earlier->id, launches_.back().id);
}

}  // namespace warpsafe::engine::race
