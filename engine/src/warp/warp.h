// One warp's rendezvous state. A collective completes when every present (existing, non-exited)
// lane named in its mask has arrived at a collective of the same kind with the same mask, from
// any call site (docs/semantics.md, SYNC-RENDEZVOUS). Lanes that arrived wait in a Group keyed by
// (kind, mask); a lane waits in at most one group, so a warp has at most 32 open groups.
#pragma once

#include <cstdint>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// Collective kinds: family in the high byte, variant in the low byte. Two lanes take part in the
// same collective only if their kinds are equal. Shuffles and matches of 1-4 byte values are one
// 32-bit instruction and pair with each other; 8-byte values are a different instruction.
enum class Family : std::uint8_t { kShfl = 1, kVote = 2, kMatchAny = 3, kMatchAll = 4, kRedux = 5, kSyncWarp = 6 };

constexpr std::uint16_t MakeKind(Family family, unsigned variant) {
  return static_cast<std::uint16_t>((static_cast<unsigned>(family) << 8) | (variant & 0xff));
}
// Set in the kind of a cooperative-groups member (tile.shfl, coalesced.ballot, tile.sync, ...):
// the same instruction as the intrinsic, but every existing lane of the group must take part
// (docs/semantics/cg.md, CG-ALL). A member and a bare intrinsic are different kinds, so reports
// name what the user wrote, and a group that completes without a lane that exited is reported.
inline constexpr std::uint16_t kGroupMemberKind = 0x8000;
// Set in the variant of a shuffle or vote kind made by a mask-less pre-Volta intrinsic (__shfl_down,
// __ballot, ...; docs/semantics/legacy_warp.md): the same instruction over the lanes converged at
// the call, named as the user wrote it in reports. Below the shuffle's size bit (0x10).
inline constexpr unsigned kMasklessVariant = 0x40;
constexpr bool IsMaskless(std::uint16_t kind) { return (kind & kMasklessVariant) != 0; }
constexpr Family FamilyOf(std::uint16_t kind) { return static_cast<Family>((kind >> 8) & 0x7f); }
constexpr bool IsGroupMember(std::uint16_t kind) { return (kind & kGroupMemberKind) != 0; }
constexpr unsigned VariantOf(std::uint16_t kind) { return kind & 0xff; }

// The CUDA name of a collective kind, for reports (e.g. "__shfl_down_sync").
const char* CollectiveName(std::uint16_t kind);

// (kind, mask) in one word: finding a lane's group is one compare per open group.
constexpr std::uint64_t GroupKey(std::uint16_t kind, std::uint32_t mask) {
  return (std::uint64_t{kind} << 32) | mask;
}

// Never a GroupKey (kinds are below 0x8800).
constexpr std::uint64_t kNoFastKey = ~std::uint64_t{0};

struct Group {
  std::uint64_t key;  // GroupKey(kind, mask)
  std::uint16_t kind;
  bool uniform;        // every arrival so far gave the same `op` (shfl: lane argument and width)
  std::uint32_t mask;
  std::uint32_t arrived;
  std::uint64_t op;    // the first arrival's op
  Site site;  // the first arrival's call site (Pascal mode: every lane must use the same one)
};

// Lanes waiting at one call site of __activemask(), or of a mask-less intrinsic (a converged point).
struct ActiveMaskGroup {
  Site site;
  std::uint32_t members;
};

// The arrival arrays are indexed by lane: a lane writes its operands to its own slots when it
// arrives, and the lane that completes the group computes every participant's result in one pass
// over them (contiguous, a few cache lines) and writes it to `out`, where each lane reads its own
// once it runs again. A lane waits in at most one group, so its slots are never shared.
struct Warp {
  unsigned index;
  unsigned first_tid;
  std::uint32_t exists;   // lanes that exist (a partial last warp has fewer than 32)
  std::uint32_t present;  // lanes that exist and have not exited
  std::uint32_t blocked;  // present lanes blocked at a collective, __activemask or the barrier
  unsigned group_count;
  // The key of the only open group when an arrival may take the inline path (one open group, not
  // Pascal mode); kNoFastKey otherwise. Kept by RefreshFastKey whenever groups open or close.
  std::uint64_t fast_key;
  Group groups[32];
  std::uint64_t in[32];    // each lane's value operand (shfl value, vote predicate, match/redux value)
  std::uint64_t op[32];    // each lane's other operands (shfl: ShflOp(arg, width)), 0 elsewhere
  std::uint64_t out[32];   // each lane's result
  std::uint8_t pred[32];   // each lane's predicate result (match.all)
  unsigned am_count;
  ActiveMaskGroup am[32];
  // Converged points of the mask-less pre-Volta intrinsics (Block::ArriveConverged): one per call
  // site with lanes waiting there. Never closed by a policy, only once the warp is blocked.
  unsigned conv_count;
  ActiveMaskGroup conv[32];

  std::uint32_t runnable() const { return present & ~blocked; }
};

}  // namespace warpsafe::engine
