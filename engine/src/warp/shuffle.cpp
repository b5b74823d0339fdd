// shfl.sync, computed exactly as the PTX ISA pseudo-code defines it (docs/semantics.md, SHFL-*):
//
//   lane[4:0] = laneid; bval[4:0] = b[4:0]; cval[4:0] = c[4:0]; segmask[4:0] = c[12:8];
//   maxLane = (lane & segmask) | (cval & ~segmask);  minLane = lane & segmask;
//   up:   j = lane - bval; pval = (j >= maxLane);     down: j = lane + bval; pval = (j <= maxLane);
//   bfly: j = lane ^ bval; pval = (j <= maxLane);     idx:  j = minLane | (bval & ~segmask); pval = (j <= maxLane);
//   if (!pval) j = lane;  d = SourceA[j];
//
// with c as CUDA's __shfl_*_sync(width) builds it: ((32 - width) << 8) | (up ? 0 : 31). Reading
// SourceA[j] of a lane that does not take part is undefined: reported, never a plausible value.
#include "report/report.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine {

namespace {

const char* ModeName(ShflMode mode) {
  switch (mode) {
    case ShflMode::kIdx: return "__shfl_sync";
    case ShflMode::kUp: return "__shfl_up_sync";
    case ShflMode::kDown: return "__shfl_down_sync";
    case ShflMode::kXor: return "__shfl_xor_sync";
  }
  return "__shfl_sync";
}

const char* ArgName(ShflMode mode) {
  switch (mode) {
    case ShflMode::kIdx: return "srcLane";
    case ShflMode::kUp:
    case ShflMode::kDown: return "delta";
    case ShflMode::kXor: return "laneMask";
  }
  return "lane";
}

[[gnu::cold, gnu::noinline, noreturn]] void ReportInactiveSource(Block& block, Warp& warp, const Group& group, Lane& reader, unsigned source) {
  const ShflMode mode = static_cast<ShflMode>(VariantOf(group.kind) & 3);
  const std::uint32_t bit = 1u << source;
  std::string why;
  if ((warp.exists & bit) == 0) {
    why = "does not exist (the block has " + std::to_string(block.threads()) + " threads, so warp " +
          std::to_string(warp.index) + " has only lanes " + FormatLanes(warp.exists) + ")";
  } else if ((warp.present & bit) == 0) {
    why = "has exited";
  } else {
    why = "is not named in the mask " + FormatMask(group.mask);
  }
  Report(DefectKind::kShflInactiveSource)
      .Where(block.Describe(reader))
      .At(reader.site, std::string(ModeName(mode)) + "(" + FormatMask(group.mask) + ", value, " + ArgName(mode) +
                           "=" + std::to_string(reader.in_arg) + ", width=" + std::to_string(reader.in_width) +
                           ") with lanes " + FormatLanes(group.arrived) + " taking part")
      .Line("lane " + std::to_string(reader.lane) + " reads lane " + std::to_string(source) + ", which " + why +
            "; CUDA: \"If the target thread is inactive, the retrieved value is undefined\" (SHFL-7)")
      .Emit();
}

[[gnu::cold, gnu::noinline, noreturn]] void ReportBadWidth(Lane& self, ShflMode mode, int width, Site site) {
  Report(DefectKind::kBadShflWidth)
      .Where(self.block->Describe(self))
      .At(site, std::string(ModeName(mode)) + " with width " + std::to_string(width))
      .Line("width must be a power of two from 1 to 32 (warpSize); CUDA leaves the result undefined otherwise "
            "(SHFL-6)")
      .Emit();
}

}  // namespace

void ComputeShfl(Block& block, Warp& warp, const Group& group) {
  const ShflMode mode = static_cast<ShflMode>(VariantOf(group.kind) & 3);
  const unsigned cval = mode == ShflMode::kUp ? 0 : 31;
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
    Lane& reader = block.lane(warp.first_tid + lane);
    const unsigned segmask = static_cast<unsigned>(32 - reader.in_width) & 31;
    const int max_lane = static_cast<int>((lane & segmask) | (cval & ~segmask));
    const int min_lane = static_cast<int>(lane & segmask);
    const int bval = static_cast<int>(static_cast<unsigned>(reader.in_arg) & 31);
    int j = 0;
    bool pval = false;
    switch (mode) {
      case ShflMode::kUp: j = static_cast<int>(lane) - bval; pval = j >= max_lane; break;
      case ShflMode::kDown: j = static_cast<int>(lane) + bval; pval = j <= max_lane; break;
      case ShflMode::kXor: j = static_cast<int>(lane) ^ bval; pval = j <= max_lane; break;
      case ShflMode::kIdx: j = min_lane | (bval & ~static_cast<int>(segmask)); pval = j <= max_lane; break;
    }
    if (!pval) j = static_cast<int>(lane);
    const unsigned source = static_cast<unsigned>(j);
    if (__builtin_expect((group.arrived & (1u << source)) == 0, 0)) ReportInactiveSource(block, warp, group, reader, source);
    reader.out_value = block.lane(warp.first_tid + source).in_value;
    reader.out_pred = pval ? 1 : 0;
  }
}

std::uint64_t Shfl(ShflMode mode, std::uint32_t mask, std::uint64_t value, unsigned bytes, int lane_arg, int width,
                   Site site) {
  Lane* lane = CurrentLaneOrNull();
  if (__builtin_expect(lane == nullptr, 0)) NotInKernel(ModeName(mode), site);
  Lane& self = *lane;
  if (__builtin_expect(width < 1 || width > 32 || (width & (width - 1)) != 0, 0)) ReportBadWidth(self, mode, width, site);
  self.in_value = value;
  self.in_arg = lane_arg;
  self.in_width = width;
  const unsigned variant = static_cast<unsigned>(mode) | (bytes > 4 ? 0x10u : 0u);
  ArriveCollective(self, MakeKind(Family::kShfl, variant), mask, site);
  return self.out_value;
}

}  // namespace warpsafe::engine
