// shfl.sync as docs/semantics.md, SHFL-2 states it: each lane computes a source lane j from the
// 5-bit lane or offset b and from c (clamp lane in bits 4:0, segment mask in bits 12:8), keeps its
// own value when j is out of range (pval false), and otherwise reads lane j. c is built from the
// width as CUDA's __shfl_*_sync do: ((32 - width) << 8) | (up ? 0 : 31) (SHFL-4), or, for inline
// PTX's shfl.sync (ShflOpPtx), taken as the instruction gives it. Reading a lane that does not take
// part is undefined (SHFL-7): reported, never a plausible value.
#include <cstring>

#include "report/report.h"
#include "report/user_frames.h"
#include "warp/rendezvous.h"
#include "warp/shuffle_fast_path_layout.h"

// The hand-written waiting path of Shfl (shuffle_fast_path_x86_64_sysv.S) where the engine's own
// switch is used; the C++ below everywhere else.
#if defined(__x86_64__) && defined(__ELF__) && !defined(WARPSAFE_FIBER_BOOST)
#define WARPSAFE_SHFL_FAST_PATH 1
#else
#define WARPSAFE_SHFL_FAST_PATH 0
#endif

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

// A shuffle's lane argument and width are one word (api.h's ShflOp): the group's `op`. Inline
// PTX's op carries the instruction's c operand instead of a width (ShflOpPtx, bit 63 set).
int ArgOf(std::uint64_t op) { return static_cast<int>(static_cast<std::uint32_t>(op)); }
bool IsPtxOp(std::uint64_t op) { return (op >> 63) != 0; }
int WidthOf(std::uint64_t op) { return IsPtxOp(op) ? 32 - static_cast<int>((op >> 40) & 31) : static_cast<int>(op >> 32); }
unsigned SegmaskOf(std::uint64_t op) {
  return IsPtxOp(op) ? static_cast<unsigned>((op >> 40) & 31) : static_cast<unsigned>(32 - WidthOf(op)) & 31;
}
// c[4:0]: the clamp value; what __shfl_*_sync passes when the op is not PTX's.
unsigned CvalOf(std::uint64_t op, ShflMode mode) {
  if (IsPtxOp(op)) return static_cast<unsigned>((op >> 32) & 31);
  return mode == ShflMode::kUp ? 0u : 31u;
}

[[gnu::cold, gnu::noinline, noreturn]] void ReportInactiveSource(Block& block, Warp& warp, const Group& group,
                                                                 unsigned reader_lane, unsigned source) {
  Lane& reader = block.lane(warp.first_tid + reader_lane);
  const ShflMode mode = static_cast<ShflMode>(VariantOf(group.kind) & 3);
  const std::uint32_t bit = 1u << source;
  std::string why;
  if ((warp.exists & bit) == 0) {
    why = "does not exist (the block has " + std::to_string(block.threads()) + " threads, so warp " +
          std::to_string(warp.index) + " has only " + LanesPhrase(warp.exists) + ")";
  } else if ((warp.present & bit) == 0) {
    why = "has exited";
  } else if (IsMaskless(group.kind)) {
    why = "does not execute the call with it (the lanes converged at a mask-less shuffle are the only ones "
          "taking part, LEGACY-3)";
  } else {
    why = "is not named in the mask " + FormatMask(group.mask);
  }
  // A uniform group's op is the group's: a lane that waited through Shfl's assembly path left its
  // own slot unwritten.
  const std::uint64_t op = group.uniform ? group.op : warp.op[reader_lane];
  static const char* const kPtxModes[] = {"idx", "up", "down", "bfly"};
  const std::string call =
      IsPtxOp(op) ? std::string("shfl.sync.") + kPtxModes[static_cast<int>(mode)] + " (membermask " +
                        FormatMask(group.mask) + ", b=" + std::to_string(ArgOf(op)) + ", c=" +
                        std::to_string((op >> 32) & 0x1f1f) + ")"
                  : std::string(IsMaskless(group.kind) ? CollectiveName(group.kind) : ModeName(mode)) + "(" +
                        (IsMaskless(group.kind) ? std::string() : FormatMask(group.mask) + ", ") + "value, " +
                        ArgName(mode) + "=" + std::to_string(ArgOf(op)) + ", width=" + std::to_string(WidthOf(op)) + ")";
  std::string note;
  const Site site = UserSite(reader, reader.site, &note);
  Report(DefectKind::kShflInactiveSource)
      .Where(block.Describe(reader))
      .At(site, call + " with " + LanesPhrase(group.arrived) + " taking part" + note)
      .Line("lane " + std::to_string(reader.lane) + " reads lane " + std::to_string(source) + ", which " + why +
            "; a lane that is not part of the exchange has no value to give, so the result is undefined (SHFL-7)")
      .Emit();
}

// The lane that `lane` reads: j after the pval test, exactly as SHFL-2 computes it (pval itself is
// ShflInRange, api.h, which inline PTX's predicate result reads).
template <ShflMode kMode>
inline unsigned SourceLane(unsigned lane, unsigned bval, unsigned segmask, unsigned cval = kMode == ShflMode::kUp ? 0 : 31) {
  const int max_lane = static_cast<int>((lane & segmask) | (cval & ~segmask));
  const int min_lane = static_cast<int>(lane & segmask);
  const int b = static_cast<int>(bval);
  int j = 0;
  bool pval = false;
  switch (kMode) {
    case ShflMode::kUp: j = static_cast<int>(lane) - b; pval = j >= max_lane; break;
    case ShflMode::kDown: j = static_cast<int>(lane) + b; pval = j <= max_lane; break;
    case ShflMode::kXor: j = static_cast<int>(lane) ^ b; pval = j <= max_lane; break;
    case ShflMode::kIdx: j = min_lane | (b & ~static_cast<int>(segmask)); pval = j <= max_lane; break;
  }
  return pval ? static_cast<unsigned>(j) : lane;
}

// The whole warp at width 32 with one lane mask `b` (xor) or source lane `b` (idx): every lane's
// source exists and is in range, so the result is a fixed permutation of `in`, moved two lanes (16
// bytes) a step with GCC/Clang vector extensions. xor: lanes 2k and 2k+1 read the pair at
// 2k ^ (b & ~1), in order when b is even and swapped when it is odd. idx: every lane reads lane b.
using Lanes2 = std::uint64_t __attribute__((vector_size(16)));

// Each step's source is one byte offset xored with the step's own: the empty asm makes the offset
// opaque per step, which keeps GCC from computing all sixteen source addresses up front, in
// registers the function must then save and restore (160 instructions a call, now about 120).
inline void XorWholeWarp(Warp& warp, unsigned b) {
  std::size_t pair_bytes = static_cast<std::size_t>(b & ~1u) * sizeof(std::uint64_t);
  const char* const in = reinterpret_cast<const char*>(warp.in);
  char* const out = reinterpret_cast<char*>(warp.out);
  if ((b & 1) != 0) {
#pragma GCC unroll 16
    for (std::size_t at = 0; at < sizeof warp.in; at += sizeof(Lanes2)) {
      __asm__("" : "+r"(pair_bytes));
      Lanes2 v;
      std::memcpy(&v, in + (at ^ pair_bytes), sizeof v);
      v = Lanes2{v[1], v[0]};
      std::memcpy(out + at, &v, sizeof v);
    }
  } else {
#pragma GCC unroll 16
    for (std::size_t at = 0; at < sizeof warp.in; at += sizeof(Lanes2)) {
      __asm__("" : "+r"(pair_bytes));
      std::memcpy(out + at, in + (at ^ pair_bytes), sizeof(Lanes2));
    }
  }
}

inline void BroadcastWholeWarp(Warp& warp, unsigned b) {
  const Lanes2 v = Lanes2{} + warp.in[b];
#pragma GCC unroll 16
  for (unsigned lane = 0; lane < 32; lane += 2) std::memcpy(&warp.out[lane], &v, sizeof v);
}

// Every participant gave the same lane argument and width: one pass with both hoisted. With the
// whole warp taking part every source exists, so the loop needs no participation check.
template <ShflMode kMode>
void ComputeShflUniform(Block& block, Warp& warp, const Group& group, unsigned bval, unsigned segmask, unsigned cval) {
  const std::uint32_t arrived = group.arrived;
  constexpr unsigned kDefaultCval = kMode == ShflMode::kUp ? 0 : 31;
  if (arrived == 0xffffffffu) {
    if (segmask == 0 && cval == kDefaultCval) {  // width 32: one segment, the bounds are constants (unrolled by four)
      if constexpr (kMode == ShflMode::kXor) {
        XorWholeWarp(warp, bval);
        return;
      } else if constexpr (kMode == ShflMode::kIdx) {
        BroadcastWholeWarp(warp, bval);
        return;
      }
      for (unsigned lane = 0; lane < 32; lane += 4) {
        warp.out[lane] = warp.in[SourceLane<kMode>(lane, bval, 0)];
        warp.out[lane + 1] = warp.in[SourceLane<kMode>(lane + 1, bval, 0)];
        warp.out[lane + 2] = warp.in[SourceLane<kMode>(lane + 2, bval, 0)];
        warp.out[lane + 3] = warp.in[SourceLane<kMode>(lane + 3, bval, 0)];
      }
    } else {
      for (unsigned lane = 0; lane < 32; ++lane) warp.out[lane] = warp.in[SourceLane<kMode>(lane, bval, segmask, cval)];
    }
    return;
  }
  std::uint32_t inactive = 0;  // readers whose source does not take part
  for (std::uint32_t m = arrived; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
    const unsigned source = SourceLane<kMode>(lane, bval, segmask, cval);
    inactive |= ((~arrived >> source) & 1u) << lane;
    warp.out[lane] = warp.in[source];
  }
  if (__builtin_expect(inactive != 0, 0)) {
    const unsigned reader = static_cast<unsigned>(__builtin_ctz(inactive));
    ReportInactiveSource(block, warp, group, reader, SourceLane<kMode>(reader, bval, segmask, cval));
  }
}

// Participants with different lane arguments or widths (legal: any call site may pair up).
template <ShflMode kMode>
void ComputeShflMixed(Block& block, Warp& warp, const Group& group) {
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
    const std::uint64_t op = warp.op[lane];
    const unsigned source = SourceLane<kMode>(lane, static_cast<unsigned>(ArgOf(op)) & 31, SegmaskOf(op), CvalOf(op, kMode));
    if (__builtin_expect((group.arrived & (1u << source)) == 0, 0)) ReportInactiveSource(block, warp, group, lane, source);
    warp.out[lane] = warp.in[source];
  }
}

template <ShflMode kMode>
void ComputeShflMode(Block& block, Warp& warp, const Group& group) {
  if (group.uniform) {
    ComputeShflUniform<kMode>(block, warp, group, static_cast<unsigned>(ArgOf(group.op)) & 31, SegmaskOf(group.op),
                              CvalOf(group.op, kMode));
  } else {
    ComputeShflMixed<kMode>(block, warp, group);
  }
}

}  // namespace

void ComputeShfl(Block& block, Warp& warp, const Group& group) {
  switch (static_cast<ShflMode>(VariantOf(group.kind) & 3)) {
    case ShflMode::kIdx: ComputeShflMode<ShflMode::kIdx>(block, warp, group); break;
    case ShflMode::kUp: ComputeShflMode<ShflMode::kUp>(block, warp, group); break;
    case ShflMode::kDown: ComputeShflMode<ShflMode::kDown>(block, warp, group); break;
    case ShflMode::kXor: ComputeShflMode<ShflMode::kXor>(block, warp, group); break;
  }
}

// The header computes the key: it must be the group key of the shuffle's kind.
static_assert(ShflKey(ShflMode::kDown, 8, 0x0000ffffu) ==
              GroupKey(MakeKind(Family::kShfl, static_cast<unsigned>(ShflMode::kDown) | 0x10u), 0x0000ffffu));
static_assert((ShflKey(ShflMode::kUp, 4, 0x3u) | (std::uint64_t{kMasklessVariant} << 32)) ==
              GroupKey(MakeKind(Family::kShfl, static_cast<unsigned>(ShflMode::kUp) | kMasklessVariant), 0x3u));
static_assert(ShflKey(ShflMode::kXor, 4, 0xffffffffu) ==
              GroupKey(MakeKind(Family::kShfl, static_cast<unsigned>(ShflMode::kXor)), 0xffffffffu));

void ShflBadWidth(ShflMode mode, int width, Site site, bool maskless) {
  const char* name = maskless ? CollectiveName(MakeKind(Family::kShfl, static_cast<unsigned>(mode) | kMasklessVariant))
                              : ModeName(mode);
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) NotInKernel(name, site);
  Report(DefectKind::kBadShflWidth)
      .Where(lane->block->Describe(*lane))
      .At(site, std::string(name) + " with width " + std::to_string(width))
      .Line("width must be a power of two from 1 to 32 (warpSize); CUDA leaves the result undefined otherwise "
            "(SHFL-6)")
      .Emit();
}

namespace {

[[gnu::always_inline]] inline std::uint64_t ShflBody(std::uint64_t key, std::uint64_t value, std::uint64_t op,
                                                     Site site) {
  Lane* lane = CurrentLaneOrNull();
  if (__builtin_expect(lane == nullptr, 0)) NotInKernel(CollectiveName(static_cast<std::uint16_t>(key >> 32)), site);
  Warp& warp = ArriveCollective(*lane, key, value, op, site);
  // The caller's lane read again, not kept across the rendezvous's switch (Block::Suspend).
  return warp.out[LaneOf(tls_lane)->lane];
}

}  // namespace

#if WARPSAFE_SHFL_FAST_PATH
// Shfl is shuffle_fast_path_x86_64_sysv.S, which jumps here for everything but a waiting lane's
// common case and the last arrival at the warp's one open group.
extern "C" [[gnu::visibility("hidden")]] std::uint64_t warpsafe_shfl_general(std::uint64_t key, std::uint64_t value,
                                                                            std::uint64_t op, Site site) {
  return ShflBody(key, value, op, site);
}

// The last lane to arrive at the warp's one open group (group 0), from the assembly path, which has
// written its site, value and op and recorded its arrival as ArriveCollective does: completes the
// group as ArriveCollective does and returns the lane's result.
extern "C" [[gnu::visibility("hidden")]] std::uint64_t warpsafe_shfl_complete(Block* block, Warp* warp, unsigned lane) {
  CompleteGroup(*block, *warp, 0);
  return warp->out[lane];
}

// The assembly reads these records through shuffle_fast_path_layout.h's offsets: each is checked
// here, so that a change of layout fails to compile.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // Block is not standard-layout; GCC lays it out as declared
struct ShuffleFastPathLayout {
  static constexpr std::ptrdiff_t kView = offsetof(Lane, view);
  static_assert(WARPSAFE_VIEW_CTX_SP == static_cast<std::ptrdiff_t>(offsetof(Lane, ctx) + offsetof(fiber::Context, sp)) - kView);
  static_assert(WARPSAFE_VIEW_CTX_PC == static_cast<std::ptrdiff_t>(offsetof(Lane, ctx) + offsetof(fiber::Context, pc)) - kView);
  static_assert(WARPSAFE_VIEW_CTX_BP == static_cast<std::ptrdiff_t>(offsetof(Lane, ctx) + offsetof(fiber::Context, bp)) - kView);
  static_assert(WARPSAFE_VIEW_WARP_STATE == static_cast<std::ptrdiff_t>(offsetof(Lane, warp_state)) - kView);
  static_assert(WARPSAFE_VIEW_LANE == static_cast<std::ptrdiff_t>(offsetof(Lane, lane)) - kView);
  static_assert(WARPSAFE_VIEW_TID == static_cast<std::ptrdiff_t>(offsetof(Lane, tid)) - kView);
  static_assert(WARPSAFE_VIEW_WAIT == static_cast<std::ptrdiff_t>(offsetof(Lane, wait)) - kView);
  static_assert(WARPSAFE_VIEW_SITE == static_cast<std::ptrdiff_t>(offsetof(Lane, site)) - kView);
  static_assert(sizeof(Site) == 16 && offsetof(Site, file) == 0 && offsetof(Site, line) == 8);
  static_assert(WARPSAFE_LANE_CTX_SP == offsetof(Lane, ctx) + offsetof(fiber::Context, sp));
  static_assert(WARPSAFE_LANE_CTX_PC == offsetof(Lane, ctx) + offsetof(fiber::Context, pc));
  static_assert(WARPSAFE_LANE_CTX_BP == offsetof(Lane, ctx) + offsetof(fiber::Context, bp));
  static_assert(WARPSAFE_LANE_VIEW == kView);
  static_assert(WARPSAFE_LANE_WARP_STATE == offsetof(Lane, warp_state) && WARPSAFE_LANE_LANE == offsetof(Lane, lane));
  static_assert(offsetof(Lane, ctx) == 0);  // .Lresume finds the lane's record where the switch left its Context
  static_assert(sizeof(Lane) == std::size_t{1} << WARPSAFE_LANE_SHIFT);
  static_assert(sizeof(Lane::lane) == 2 && sizeof(Lane::tid) == 2 && sizeof(Lane::wait) == 1);
  static_assert(WARPSAFE_WAIT_COLLECTIVE == static_cast<int>(WaitKind::kCollective));
  static_assert(WARPSAFE_WARP_PRESENT == offsetof(Warp, present));
  static_assert(WARPSAFE_WARP_BLOCKED == offsetof(Warp, blocked));
  static_assert(WARPSAFE_WARP_GROUP_COUNT == offsetof(Warp, group_count) && sizeof(Warp::group_count) == 4);
  static_assert(WARPSAFE_WARP_FAST_KEY == offsetof(Warp, fast_key));
  static_assert(WARPSAFE_WARP_GROUP0_KEY == offsetof(Warp, groups) + offsetof(Group, key));
  static_assert(WARPSAFE_WARP_GROUP0_KIND == offsetof(Warp, groups) + offsetof(Group, kind) && sizeof(Group::kind) == 2);
  static_assert(WARPSAFE_WARP_GROUP0_UNIFORM == offsetof(Warp, groups) + offsetof(Group, uniform) &&
                sizeof(Group::uniform) == 1);
  static_assert(WARPSAFE_WARP_GROUP0_MASK == offsetof(Warp, groups) + offsetof(Group, mask));
  static_assert(WARPSAFE_WARP_GROUP0_SITE == offsetof(Warp, groups) + offsetof(Group, site));
  static_assert(WARPSAFE_WARP_GROUP0_ARRIVED == offsetof(Warp, groups) + offsetof(Group, arrived));
  static_assert(WARPSAFE_WARP_GROUP0_OP == offsetof(Warp, groups) + offsetof(Group, op));
  static_assert(WARPSAFE_WARP_IN == offsetof(Warp, in));
  static_assert(WARPSAFE_WARP_OUT == offsetof(Warp, out));
  static_assert(WARPSAFE_BLOCK_COUNTDOWN == offsetof(Block, check_countdown_) && sizeof(Block::check_countdown_) == 4);
  static_assert(WARPSAFE_BLOCK_RNG_STATE == offsetof(Block, rng_) + offsetof(Rng, state_));
  static_assert(Rng::kMultiplier == 0xd1342543de82ef95ull && Rng::kIncrement == 1);
  // The owning pointers are one bare pointer each (an array unique_ptr with the default deleter,
  // a vector's first word is its data).
  static_assert(sizeof(RunQueue::list_) == sizeof(void*) && sizeof(RunQueue::pos_) == sizeof(void*));
  static_assert(WARPSAFE_BLOCK_LIKELY_PICK == offsetof(Block, likely_pick_));
  static_assert(WARPSAFE_BLOCK_QUEUE_LIST == offsetof(Block, queue_) + offsetof(RunQueue, list_));
  static_assert(WARPSAFE_BLOCK_QUEUE_POS == offsetof(Block, queue_) + offsetof(RunQueue, pos_));
  static_assert(WARPSAFE_BLOCK_QUEUE_SIZE == offsetof(Block, queue_) + offsetof(RunQueue, size_) &&
                sizeof(RunQueue::size_) == 8);
  static_assert(WARPSAFE_BLOCK_QUEUE_PICKED == offsetof(Block, queue_) + offsetof(RunQueue, picked_) &&
                sizeof(RunQueue::picked_) == 8);
  static_assert(WARPSAFE_BLOCK_LANES == offsetof(Block, lanes_));
  static_assert(WARPSAFE_BLOCK_FAST_SUSPEND == offsetof(Block, fast_suspend_) && sizeof(Block::fast_suspend_) == 1);
  static_assert(WARPSAFE_PREFETCH_PICKS_FROM == Block::kPrefetchPicksFrom &&
                WARPSAFE_RESUME_FRAME_BYTES == Block::kResumeFrameBytes);
};
#pragma GCC diagnostic pop
#else
std::uint64_t Shfl(std::uint64_t key, std::uint64_t value, std::uint64_t op, Site site) {
  return ShflBody(key, value, op, site);
}
#endif

}  // namespace warpsafe::engine
