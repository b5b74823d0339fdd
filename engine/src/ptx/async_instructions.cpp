// Asynchronous barriers and copies (PTX ISA, "Parallel Synchronization and Communication
// Instructions: mbarrier" and "Data Movement and Conversion Instructions: cp.async, cp.async.bulk"):
// the instructions libcu++'s cuda::barrier, cuda::pipeline and cuda::memcpy_async are made of.
// Each calls the block's table of mbarriers and pending copies (engine/src/async/async_state.h),
// which holds the rules (docs/semantics/async.md):
//
// - mbarrier.try_wait blocks the thread until the phase completes: a phase that can never
//   complete is the block's deadlock, reported with where every thread waits. mbarrier.test_wait
//   never blocks; a false answer is a scheduling point, so a polling loop lets the others run.
// - A copy lands when its completion is observed (wait_group/wait_all, or the completion of the
//   mbarrier phase it was attached to), never earlier: a read of the destination before that
//   reads what was there before.
// - Scopes and orders (.release/.acquire/.relaxed, .cta/.cluster) are all taken as the
//   instructions' defaults for the race detector: an arrival releases at block scope and a
//   completed wait acquires at block scope. Distributed shared memory of other blocks of a
//   cluster (mapa addresses) is not run: a cluster's shared::cluster address of the block's own
//   shared memory is its shared::cta address.
#include "async/async_state.h"
#include "ptx/machine.h"
#include "sched/block.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine::ptx {
namespace {

// Where an instruction's address operands point: the block's shared memory window for any
// .shared form (shared::cta, shared::cluster), else a generic address.
Space AsyncSpace(const Instruction& in) {
  for (const std::string& mod : in.mods) {
    if (mod == "shared" || mod.rfind("shared::", 0) == 0) return Space::kShared;
  }
  return Space::kGeneric;
}

enum MBarOp : int { kInit, kInval, kArrive, kArriveDrop, kExpectTx, kCompleteTx, kTestWait, kTryWait, kPendingCount };

constexpr unsigned kNoComplete = 1;
constexpr unsigned kExpectTxFlag = 2;
constexpr unsigned kParity = 4;

async::BlockAsync& Table(Machine& m, Lane** self, const char* what) {
  Lane& lane = RequireLane(what, m.site);
  *self = &lane;
  return async::Of(*lane.block);
}

void MBarrierInstr(Machine& m, const Instruction& in) {
  Lane* self = nullptr;
  async::BlockAsync& t = Table(m, &self, "mbarrier");
  const Space space = static_cast<Space>(in.mode2);
  switch (static_cast<MBarOp>(in.mode)) {
    case kInit:
      t.Init(*self, Address(m, in, in.args[0], space), static_cast<std::uint32_t>(Read(m, in.args[1], kU32)), m.site);
      return;
    case kInval: t.Inval(Address(m, in, in.args[0], space)); return;
    case kArrive:
    case kArriveDrop: {
      // {state|_}, [addr]{, count}   (expect_tx: the third operand is the transaction count)
      void* bar = Address(m, in, in.args[1], space);
      std::uint32_t count = 1;
      if ((in.flags & kExpectTxFlag) != 0) {
        t.ExpectTx(*self, bar, static_cast<std::int64_t>(Read(m, in.args[2], kU32)), m.site);
      } else if (in.args.size() > 2) {
        count = static_cast<std::uint32_t>(Read(m, in.args[2], kU32));
      }
      const std::uint64_t token =
          t.Arrive(*self, bar, count, in.mode == kArriveDrop, (in.flags & kNoComplete) != 0, m.site);
      if (in.args[0].kind != ArgKind::kSink) Write(m, in.args[0], token, kU64);
      return;
    }
    case kExpectTx:
      t.ExpectTx(*self, Address(m, in, in.args[0], space), static_cast<std::int64_t>(Read(m, in.args[1], kU32)), m.site);
      return;
    case kCompleteTx:
      t.ExpectTx(*self, Address(m, in, in.args[0], space), -static_cast<std::int64_t>(Read(m, in.args[1], kU32)),
                 m.site);
      return;
    case kTestWait:
    case kTryWait: {
      // waitComplete, [addr], state|phaseParity{, suspendTimeHint}
      void* bar = Address(m, in, in.args[1], space);
      const bool parity = (in.flags & kParity) != 0;
      const std::uint64_t token = Read(m, in.args[2], parity ? kU32 : kU64);
      bool done = true;
      if (in.mode == kTryWait) {
        t.Wait(*self, bar, token, parity, m.site);
      } else {
        done = t.TestWait(*self, bar, token, parity, m.site);
      }
      Write(m, in.args[0], done ? 1 : 0, kPred);
      return;
    }
    case kPendingCount:
      Write(m, in.args[0], async::BlockAsync::PendingCount(Read(m, in.args[1], kU64)), kU32);
      return;
  }
}

void CpAsync(Machine& m, const Instruction& in) {
  // cp.async.ca|cg.shared.global [dst], [src], cp-size{, src-size};  the bytes past src-size are zero.
  Lane* self = nullptr;
  async::BlockAsync& t = Table(m, &self, "cp.async");
  void* dst = Address(m, in, in.args[0], Space::kShared);
  const void* src = Address(m, in, in.args[1], Space::kGlobal);
  const auto size = static_cast<std::uint32_t>(Read(m, in.args[2], kU32));
  const auto src_size = in.args.size() > 3 ? static_cast<std::uint32_t>(Read(m, in.args[3], kU32)) : size;
  t.IssueCopy(*self, dst, src, size, src_size, m.caller);
  SchedulingPoint(m.site);
}

void CpAsyncBulk(Machine& m, const Instruction& in) {
  // cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], size, [mbar];
  Lane* self = nullptr;
  async::BlockAsync& t = Table(m, &self, "cp.async.bulk");
  void* dst = Address(m, in, in.args[0], Space::kShared);
  const void* src = Address(m, in, in.args[1], Space::kGlobal);
  const auto size = static_cast<std::uint32_t>(Read(m, in.args[2], kU32));
  void* bar = Address(m, in, in.args[3], Space::kShared);
  t.IssueBulkCopy(*self, dst, src, size, bar, m.caller, m.site);
  SchedulingPoint(m.site);
}

void CommitGroup(Machine& m, const Instruction&) {
  Lane* self = nullptr;
  Table(m, &self, "cp.async.commit_group").Commit(*self);
}

void WaitGroup(Machine& m, const Instruction& in) {
  Lane* self = nullptr;
  async::BlockAsync& t = Table(m, &self, "cp.async.wait_group");
  if (in.mode == 1) {
    t.WaitGroups(*self, 0, true);
  } else {
    t.WaitGroups(*self, static_cast<unsigned>(Read(m, in.args[0], kU32)), false);
  }
  SchedulingPoint(m.site);
}

void CpAsyncArrive(Machine& m, const Instruction& in) {
  Lane* self = nullptr;
  async::BlockAsync& t = Table(m, &self, "cp.async.mbarrier.arrive");
  t.ArriveOnCopies(*self, Address(m, in, in.args[0], static_cast<Space>(in.mode2)), HasMod(in, "noinc"), m.site);
}

bool DecodeMBarrier(Instruction& in, std::string& error) {
  in.mode2 = static_cast<int>(AsyncSpace(in));
  std::size_t want = 0;
  if (HasMod(in, "init")) {
    in.mode = kInit;
    want = 2;
  } else if (HasMod(in, "inval")) {
    in.mode = kInval;
    want = 1;
  } else if (HasMod(in, "arrive") || HasMod(in, "arrive_drop")) {
    in.mode = HasMod(in, "arrive_drop") ? kArriveDrop : kArrive;
    if (HasMod(in, "noComplete")) in.flags |= kNoComplete;
    if (HasMod(in, "expect_tx")) in.flags |= kExpectTxFlag;
    if (in.args.size() < 2 || in.args.size() > 3) error = "mbarrier.arrive expects state, [addr]{, count}";
    if ((in.flags & kExpectTxFlag) != 0 && in.args.size() != 3) error = "mbarrier.arrive.expect_tx expects state, [addr], tx-count";
  } else if (HasMod(in, "expect_tx")) {
    in.mode = kExpectTx;
    want = 2;
  } else if (HasMod(in, "complete_tx")) {
    in.mode = kCompleteTx;
    want = 2;
  } else if (HasMod(in, "test_wait") || HasMod(in, "try_wait")) {
    in.mode = HasMod(in, "try_wait") ? kTryWait : kTestWait;
    if (HasMod(in, "parity")) in.flags |= kParity;
    if (in.args.size() < 3 || in.args.size() > 4) error = "mbarrier wait expects waitComplete, [addr], state{, hint}";
  } else if (HasMod(in, "pending_count")) {
    in.mode = kPendingCount;
    want = 2;
  } else {
    error = "this mbarrier operation is not run by the engine";
    return true;
  }
  if (want != 0 && in.args.size() != want) error = "expects " + std::to_string(want) + " operands";
  const bool address_first = in.mode == kInit || in.mode == kInval || in.mode == kExpectTx || in.mode == kCompleteTx;
  const std::size_t addr = address_first ? 0 : 1;
  if (error.empty() && in.mode != kPendingCount && (in.args.size() <= addr || in.args[addr].kind != ArgKind::kAddress)) {
    error = "expects an mbarrier address operand [..]";
  }
  if (error.empty()) in.handler = &MBarrierInstr;
  return true;
}

}  // namespace

bool DecodeAsync(Instruction& in, std::string& error) {
  if (in.opcode == "mbarrier") return DecodeMBarrier(in, error);
  if (in.opcode != "cp" || !HasMod(in, "async")) return false;
  if (HasMod(in, "bulk")) {
    if (HasMod(in, "tensor") || HasMod(in, "prefetch") || HasMod(in, "commit_group") || HasMod(in, "wait_group") ||
        HasMod(in, "wait_group.read") || !HasMod(in, "global") || !HasMod(in, "mbarrier::complete_tx::bytes")) {
      error = "only cp.async.bulk from global to shared memory with mbarrier::complete_tx is run by the engine";
    } else if (HasMod(in, "multicast::cluster")) {
      error = "multicast bulk copies to other blocks of a cluster are not run by the engine";
    } else if (in.args.size() != 4 || in.args[0].kind != ArgKind::kAddress || in.args[1].kind != ArgKind::kAddress ||
               in.args[3].kind != ArgKind::kAddress) {
      error = "cp.async.bulk expects [dst], [src], size, [mbar]";
    } else {
      in.handler = &CpAsyncBulk;
    }
    return true;
  }
  if (HasMod(in, "mbarrier")) {
    in.mode2 = static_cast<int>(AsyncSpace(in));
    if (in.args.size() != 1 || in.args[0].kind != ArgKind::kAddress) error = "cp.async.mbarrier.arrive expects [addr]";
    else in.handler = &CpAsyncArrive;
    return true;
  }
  if (HasMod(in, "commit_group")) {
    in.handler = &CommitGroup;
    return true;
  }
  if (HasMod(in, "wait_all") || HasMod(in, "wait_group")) {
    in.mode = HasMod(in, "wait_all") ? 1 : 0;
    if (in.mode == 0 && in.args.size() != 1) error = "cp.async.wait_group expects N";
    else in.handler = &WaitGroup;
    return true;
  }
  if (in.args.size() < 3 || in.args.size() > 4 || in.args[0].kind != ArgKind::kAddress ||
      in.args[1].kind != ArgKind::kAddress) {
    error = "cp.async expects [dst], [src], cp-size{, src-size}";
  } else {
    in.handler = &CpAsync;
  }
  return true;
}

}  // namespace warpsafe::engine::ptx
