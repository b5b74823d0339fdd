#include "warp/rendezvous.h"

#include <cstdio>

#include "race/race.h"
#include "report/report.h"
#include "report/user_frames.h"
#include "trace/timeline.h"

namespace warpsafe::engine {

std::string FormatMask(std::uint32_t mask) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", mask);
  return text;
}

// The group keyed `key` in `warp`, opened (with `op` and `site`) when no lane waits there yet.
Group& FindOrOpenGroup(Block& block, Warp& warp, std::uint64_t key, std::uint64_t op, Site site);

namespace {

// The cooperative-groups member that a group-member kind stands for (reports).
const char* GroupMemberName(std::uint16_t kind) {
  const unsigned v = VariantOf(kind);
  switch (FamilyOf(kind)) {
    case Family::kShfl:
      switch (static_cast<ShflMode>(v & 3)) {
        case ShflMode::kIdx: return "group.shfl()";
        case ShflMode::kUp: return "group.shfl_up()";
        case ShflMode::kDown: return "group.shfl_down()";
        case ShflMode::kXor: return "group.shfl_xor()";
      }
      break;
    case Family::kVote:
      switch (static_cast<VoteMode>(v)) {
        case VoteMode::kBallot: return "group.ballot()";
        case VoteMode::kAny: return "group.any()";
        case VoteMode::kAll: return "group.all()";
        case VoteMode::kUni: return "group vote";
      }
      break;
    case Family::kMatchAny: return "group.match_any()";
    case Family::kMatchAll: return "group.match_all()";
    case Family::kRedux: return "cg::reduce()";
    case Family::kSyncWarp: return "group.sync()";
  }
  return "cooperative group collective";
}

[[gnu::cold, gnu::noinline, noreturn]] void ReportPartialGroup(Block& block, Warp& warp, const Group& group) {
  const std::uint32_t missing = group.mask & warp.exists & ~group.arrived;
  const Lane& some = block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(group.arrived)));
  std::string note;
  const Site site = UserSite(some, group.site, &note);
  Report(DefectKind::kPartialGroupCollective)
      .Where(block.Describe(some))
      .At(site, std::string(GroupMemberName(group.kind)) + " of the group of " + LanesPhrase(group.mask & warp.exists) +
                    ", reached by " + LanesPhrase(group.arrived) + note)
      .Line(LanesPhrase(missing) +
            " of the group exited without reaching it; every thread of a cooperative group must take part in its "
            "collective operations, or the behaviour is undefined (docs/semantics/cg.md, CG-ALL)")
      .Emit();
}

void RemoveGroup(Block& block, Warp& warp, unsigned index) {
  warp.groups[index] = warp.groups[--warp.group_count];
  RefreshFastKey(block, warp);
}

void Complete(Block& block, Warp& warp, const Group& group) {
  // A group member's collective needs every existing lane of the group; the rendezvous completes
  // one without the lanes that exited, which for a group is a partial collective (CG-ALL).
  if (__builtin_expect(IsGroupMember(group.kind), 0) && (group.mask & warp.exists & ~group.arrived) != 0) {
    ReportPartialGroup(block, warp, group);
  }
  if (trace::On()) {
    const Lane& first = block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(group.arrived)));
    trace::WarpCollective(first, group.arrived, CollectiveName(group.kind), FamilyOf(group.kind) == Family::kSyncWarp);
  }
  // No default: a new family must say how its results are computed.
  switch (FamilyOf(group.kind)) {
    case Family::kShfl: ComputeShfl(block, warp, group); break;
    case Family::kVote: ComputeVote(block, warp, group); break;
    case Family::kMatchAny: ComputeMatchAny(block, warp, group); break;
    case Family::kMatchAll: ComputeMatchAll(block, warp, group); break;
    case Family::kRedux: ComputeRedux(block, warp, group); break;
    case Family::kSyncWarp:
      // Only __syncwarp orders memory among its lanes; shuffles and votes do not (SYNC-ORDER).
      if (race::Enabled()) race::WarpSynchronized(block, warp, group.arrived);
      break;
  }
  block.WakeGroup(warp, group.arrived);
  block.NoteProgress();
}

}  // namespace

[[gnu::cold, gnu::noinline, noreturn]] void ReportCallerNotInMask(Lane& self, std::uint16_t kind, std::uint32_t mask,
                                                                  Site site) {
  std::string note;
  const Site user = UserSite(self, site, &note);
  Report(DefectKind::kCallerNotInMask)
      .Where(self.block->Describe(self))
      .At(user, std::string(CollectiveName(kind)) + " with mask " + FormatMask(mask) + note)
      .Line("lane " + std::to_string(self.lane) + " executes it, but the mask does not name lane " +
            std::to_string(self.lane) + "; CUDA leaves the result undefined (docs/semantics.md, SYNC-MASK)")
      .Emit();
}

void CheckPreVolta(Lane& self, Warp& warp, unsigned g, Site site) {
  Block& block = *self.block;
  const Group& group = warp.groups[g];
  const Lane* other = nullptr;
  std::string what;
  if (group.arrived != 0 && group.site != site) {
    other = &block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(group.arrived)));
    what = LanesPhrase(group.arrived) + " " + Verb(group.arrived, "is", "are") +
           " at another call site of the same collective";
  } else {
    for (unsigned k = 0; k < warp.group_count && other == nullptr; ++k) {
      const Group& o = warp.groups[k];
      if (k != g && o.kind == group.kind && o.site == site && o.mask != group.mask && o.arrived != 0) {
        other = &block.lane(warp.first_tid + static_cast<unsigned>(__builtin_ctz(o.arrived)));
        what = LanesPhrase(o.arrived) + " " + Verb(o.arrived, "runs", "run") + " the same instruction with mask " +
               FormatMask(o.mask);
      }
    }
  }
  if (other == nullptr) return;
  std::string note, other_note;
  const Site user = UserSite(self, site, &note);
  const Site other_user = UserSite(*other, other->site, &other_note);
  Report(DefectKind::kNotValidBeforeVolta)
      .Where(block.Describe(self))
      .At(user, "lane " + std::to_string(self.lane) + " calls " + CollectiveName(group.kind) + " with mask " +
                    FormatMask(group.mask) + note)
      .At(other_user, what + other_note)
      .Line("before Volta, the lanes of a mask must reach one warp-intrinsic instruction together, converged, and "
            "the masks together must cover every active lane of the warp; this is valid since Volta "
            "(--arch sm_70 and later), not on Pascal (PASCAL-1)")
      .Emit();
}

void MakeMixed(Warp& warp, Group& group) {
  if (!group.uniform) return;
  for (std::uint32_t m = group.arrived; m != 0; m &= m - 1) warp.op[__builtin_ctz(m)] = group.op;
  group.uniform = false;
}

Group& ArriveSlow(Lane& self, Warp& warp, std::uint64_t key, std::uint64_t op, Site site) {
  Group& group = FindOrOpenGroup(*self.block, warp, key, op, site);
  if (self.block->pascal()) CheckPreVolta(self, warp, static_cast<unsigned>(&group - warp.groups), site);
  return group;
}

Group& FindOrOpenGroup(Block& block, Warp& warp, std::uint64_t key, std::uint64_t op, Site site) {
  for (unsigned g = 0; g < warp.group_count; ++g) {
    if (warp.groups[g].key == key) return warp.groups[g];
  }
  Group& group = warp.groups[warp.group_count++];
  group.key = key;
  group.kind = static_cast<std::uint16_t>(key >> 32);
  group.uniform = true;
  group.mask = static_cast<std::uint32_t>(key);
  group.arrived = 0;
  group.op = op;
  group.site = site;
  RefreshFastKey(block, warp);
  return group;
}

void CompleteGroup(Block& block, Warp& warp, unsigned index) {
  const unsigned last = --warp.group_count;
  if (index == last) {
    // The usual case (a single open group): its slot is free now but nothing writes it before a
    // group opens again, which Complete never does, so it is read in place rather than copied.
    RefreshFastKey(block, warp);
    Complete(block, warp, warp.groups[index]);
    return;
  }
  const Group done = warp.groups[index];
  warp.groups[index] = warp.groups[last];
  RefreshFastKey(block, warp);
  Complete(block, warp, done);
}

void CompleteGroupsAfterExit(Block& block, Warp& warp) {
  for (unsigned g = 0; g < warp.group_count;) {
    if ((warp.groups[g].mask & warp.present & ~warp.groups[g].arrived) == 0) {
      const Group done = warp.groups[g];
      RemoveGroup(block, warp, g);
      Complete(block, warp, done);
      g = 0;
    } else {
      ++g;
    }
  }
}

const char* CollectiveName(std::uint16_t kind) {
  const unsigned v = VariantOf(kind);
  if (IsGroupMember(kind)) return GroupMemberName(kind);
  switch (FamilyOf(kind)) {
    case Family::kShfl:
      switch (static_cast<ShflMode>(v & 3)) {
        case ShflMode::kIdx: return IsMaskless(kind) ? "__shfl" : "__shfl_sync";
        case ShflMode::kUp: return IsMaskless(kind) ? "__shfl_up" : "__shfl_up_sync";
        case ShflMode::kDown: return IsMaskless(kind) ? "__shfl_down" : "__shfl_down_sync";
        case ShflMode::kXor: return IsMaskless(kind) ? "__shfl_xor" : "__shfl_xor_sync";
      }
      break;
    case Family::kVote:
      switch (static_cast<VoteMode>(v & 3)) {
        case VoteMode::kBallot: return IsMaskless(kind) ? "__ballot" : "__ballot_sync";
        case VoteMode::kAny: return IsMaskless(kind) ? "__any" : "__any_sync";
        case VoteMode::kAll: return IsMaskless(kind) ? "__all" : "__all_sync";
        case VoteMode::kUni: return "__uni_sync";
      }
      break;
    case Family::kMatchAny: return "__match_any_sync";
    case Family::kMatchAll: return "__match_all_sync";
    case Family::kRedux:
      switch (static_cast<ReduxOp>(v & 0xf)) {
        case ReduxOp::kAdd: return "__reduce_add_sync";
        case ReduxOp::kMin: return "__reduce_min_sync";
        case ReduxOp::kMax: return "__reduce_max_sync";
        case ReduxOp::kAnd: return "__reduce_and_sync";
        case ReduxOp::kOr: return "__reduce_or_sync";
        case ReduxOp::kXor: return "__reduce_xor_sync";
      }
      break;
    case Family::kSyncWarp: return "__syncwarp";
  }
  return "warp collective";
}

}  // namespace warpsafe::engine
