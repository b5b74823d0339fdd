// The warp-level instructions: shfl.sync, vote.sync, match.sync, redux.sync, bar.warp.sync and
// activemask (PTX ISA, "Data Movement and Conversion Instructions: shfl.sync" and "Parallel
// Synchronization and Communication Instructions"). Each is the engine's own collective, the one
// the CUDA intrinsic calls: the same rendezvous, the same mask rules, the same reports.
#include "ptx/machine.h"

namespace warpsafe::engine::ptx {
namespace {

void Shuffle(Machine& m, const Instruction& in) {
  // shfl.sync.mode.b32 d[|p], a, b, c, membermask;
  const auto mode = static_cast<ShflMode>(in.mode);
  const auto a = static_cast<std::uint32_t>(Read(m, in.args[1], kU32));
  const auto b = static_cast<std::uint32_t>(Read(m, in.args[2], kU32));
  const auto c = static_cast<std::uint32_t>(Read(m, in.args[3], kU32));
  const auto mask = static_cast<std::uint32_t>(Read(m, in.args[4], kU32));
  const std::uint64_t d = Shfl(ShflKey(mode, 4, mask), a, ShflOpPtx(b, c), m.site);
  Write(m, in.args[0], d, kU32);
  if (in.args[0].pipe >= 0) {
    const auto lane = static_cast<unsigned>(ReadSpecial(m, Special::kLaneId, 0));
    Write(m, in.args[0].elements[0], ShflInRange(mode, lane, b, c) ? 1 : 0, kPred);
  }
}

void Vote(Machine& m, const Instruction& in) {
  // vote.sync.mode.pred d, {!}a, membermask;  vote.sync.ballot.b32 d, {!}a, membermask;
  const bool p = ReadPred(m, in.args[1]);
  const auto mask = static_cast<std::uint32_t>(Read(m, in.args[2], kU32));
  const std::uint32_t r = ::warpsafe::engine::Vote(static_cast<VoteMode>(in.mode), mask, p, m.site);
  Write(m, in.args[0], r, in.mode == static_cast<int>(VoteMode::kBallot) ? kU32 : kPred);
}

void Match(Machine& m, const Instruction& in) {
  // match.sync.any.b32 d, a, membermask;  match.sync.all.b32 d[|p], a, membermask;
  const std::uint64_t a = Read(m, in.args[1], in.type);
  const auto mask = static_cast<std::uint32_t>(Read(m, in.args[2], kU32));
  if (in.mode == 0) {
    Write(m, in.args[0], MatchAny(mask, a, in.type.bytes, m.site), kU32);
  } else {
    int pred = 0;
    Write(m, in.args[0], MatchAll(mask, a, in.type.bytes, &pred, m.site), kU32);
    if (in.args[0].pipe >= 0) Write(m, in.args[0].elements[0], pred != 0, kPred);
  }
}

void Reduce(Machine& m, const Instruction& in) {
  // redux.sync.op.type d, a, membermask;
  const auto a = static_cast<std::uint32_t>(Read(m, in.args[1], kU32));
  const auto mask = static_cast<std::uint32_t>(Read(m, in.args[2], kU32));
  Write(m, in.args[0], Redux(static_cast<ReduxOp>(in.mode), in.type.is_signed(), mask, a, m.site), kU32);
}

void WarpSync(Machine& m, const Instruction& in) { SyncWarp(static_cast<std::uint32_t>(Read(m, in.args[0], kU32)), m.site); }

void ActiveMaskInstr(Machine& m, const Instruction& in) { Write(m, in.args[0], ActiveMask(m.site), kU32); }

bool ArgsAre(const Instruction& in, std::size_t n, std::string& error) {
  if (in.args.size() == n) return true;
  error = "expects " + std::to_string(n) + " operands";
  return false;
}

}  // namespace

bool DecodeWarp(Instruction& in, std::string& error) {
  const std::vector<Type> types = TypesOf(in);
  if (in.opcode == "shfl") {
    if (!HasMod(in, "sync")) {
      error = "shfl without .sync is not valid from sm_70 on; use shfl.sync";
      return true;
    }
    if (HasMod(in, "up")) in.mode = static_cast<int>(ShflMode::kUp);
    else if (HasMod(in, "down")) in.mode = static_cast<int>(ShflMode::kDown);
    else if (HasMod(in, "bfly")) in.mode = static_cast<int>(ShflMode::kXor);
    else if (HasMod(in, "idx")) in.mode = static_cast<int>(ShflMode::kIdx);
    else error = "shfl.sync needs a mode (.up, .down, .bfly, .idx)";
    if (types.size() != 1 || types[0].bytes != 4) error = "shfl.sync takes .b32";
    if (error.empty() && ArgsAre(in, 5, error)) in.handler = &Shuffle;
    return true;
  }
  if (in.opcode == "vote") {
    if (!HasMod(in, "sync")) {
      error = "vote without .sync is not valid from sm_70 on; use vote.sync";
      return true;
    }
    if (HasMod(in, "all")) in.mode = static_cast<int>(VoteMode::kAll);
    else if (HasMod(in, "any")) in.mode = static_cast<int>(VoteMode::kAny);
    else if (HasMod(in, "uni")) in.mode = static_cast<int>(VoteMode::kUni);
    else if (HasMod(in, "ballot")) in.mode = static_cast<int>(VoteMode::kBallot);
    else error = "vote.sync needs a mode (.all, .any, .uni, .ballot)";
    if (error.empty() && ArgsAre(in, 3, error)) in.handler = &Vote;
    return true;
  }
  if (in.opcode == "match") {
    if (!HasMod(in, "sync") || types.size() != 1 || (types[0].bytes != 4 && types[0].bytes != 8)) {
      error = "match takes .sync and .b32 or .b64";
      return true;
    }
    in.type = types[0];
    if (HasMod(in, "any")) in.mode = 0;
    else if (HasMod(in, "all")) in.mode = 1;
    else error = "match.sync needs .any or .all";
    if (error.empty() && ArgsAre(in, 3, error)) in.handler = &Match;
    return true;
  }
  if (in.opcode == "redux") {
    if (!HasMod(in, "sync") || types.size() != 1 || types[0].bytes != 4 || types[0].is_float()) {
      error = "redux.sync takes a 32-bit integer type (the engine does not run the f32 forms)";
      return true;
    }
    in.type = types[0];
    if (HasMod(in, "add")) in.mode = static_cast<int>(ReduxOp::kAdd);
    else if (HasMod(in, "min")) in.mode = static_cast<int>(ReduxOp::kMin);
    else if (HasMod(in, "max")) in.mode = static_cast<int>(ReduxOp::kMax);
    else if (HasMod(in, "and")) in.mode = static_cast<int>(ReduxOp::kAnd);
    else if (HasMod(in, "or")) in.mode = static_cast<int>(ReduxOp::kOr);
    else if (HasMod(in, "xor")) in.mode = static_cast<int>(ReduxOp::kXor);
    else error = "redux.sync needs an operation";
    if (error.empty() && ArgsAre(in, 3, error)) in.handler = &Reduce;
    return true;
  }
  if (in.opcode == "bar" && HasMod(in, "warp")) {
    if (!HasMod(in, "sync")) error = "bar.warp needs .sync";
    else if (ArgsAre(in, 1, error)) in.handler = &WarpSync;
    return true;
  }
  if (in.opcode == "activemask") {
    if (ArgsAre(in, 1, error)) in.handler = &ActiveMaskInstr;
    return true;
  }
  return false;
}

}  // namespace warpsafe::engine::ptx
