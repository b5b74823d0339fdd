// Block barriers, memory fences and the scheduling hints (PTX ISA, "Parallel Synchronization and
// Communication Instructions": bar/barrier, membar/fence, nanosleep, griddepcontrol; "Miscellaneous
// Instructions": trap). bar.sync 0 is the block barrier __syncthreads() calls, and bar.red its
// reductions; fences are the engine's fences, the scheduling points __threadfence*() are.
//
// Named barriers (an id other than 0, or a thread count other than the whole block) are not run:
// the engine has one barrier per block, so they are reported as unsupported, never approximated.
#include "ptx/machine.h"
#include "sched/block.h"
#include "warp/rendezvous.h"

namespace warpsafe::engine::ptx {
namespace {

// Checks the barrier id and thread count operands: barrier 0 of the whole block only.
void RequireWholeBlockBarrier(Machine& m, const Instruction& in, const Arg& id, const Arg* count) {
  const std::uint64_t bar = Read(m, id, kU32);
  if (bar != 0) Unsupported(m, in, "named barrier " + std::to_string(bar) + ": the engine runs barrier 0 only (__syncthreads)");
  if (count == nullptr) return;
  Lane& self = RequireLane("bar.sync", m.site);
  const dim3 b = self.view.block_dim;
  const std::uint64_t threads = std::uint64_t{b.x} * b.y * b.z;
  const std::uint64_t n = Read(m, *count, kU32);
  if (n != (threads + 31) / 32 * 32) {
    Unsupported(m, in, "a barrier for " + std::to_string(n) + " threads in a block of " + std::to_string(threads) +
                           ": the engine runs barriers of the whole block only");
  }
}

void BarSync(Machine& m, const Instruction& in) {
  RequireWholeBlockBarrier(m, in, in.args[0], in.args.size() > 1 ? &in.args[1] : nullptr);
  SyncThreads(BarrierOp::kPlain, 0, m.site);
}

void BarRed(Machine& m, const Instruction& in) {
  // bar.red.popc.u32 d, a{, b}, {!}c;   bar.red.and/or.pred p, a{, b}, {!}c;
  const std::size_t n = in.args.size();
  RequireWholeBlockBarrier(m, in, in.args[1], n == 4 ? &in.args[2] : nullptr);
  const bool c = ReadPred(m, in.args[n - 1]);
  const int r = SyncThreads(static_cast<BarrierOp>(in.mode), c ? 1 : 0, m.site);
  Write(m, in.args[0], static_cast<std::uint64_t>(r), in.mode == static_cast<int>(BarrierOp::kCount) ? kU32 : kPred);
}

void FenceInstr(Machine& m, const Instruction& in) { Fence(static_cast<FenceScope>(in.mode), m.site); }

void Sleep(Machine& m, const Instruction& in) {
  NanoSleep(static_cast<unsigned>(Read(m, in.args[0], kU32)), m.site);
}

// griddepcontrol: a kernel launched after this one never starts early on the engine (launches run
// in order), so waiting for the prerequisite grid is already done and allowing dependents is moot.
void Nothing(Machine&, const Instruction&) {}

void TrapInstr(Machine& m, const Instruction&) { Trap(m.site); }

}  // namespace

FenceScope ScopeOf(const Instruction& in) {
  if (HasMod(in, "cta")) return FenceScope::kBlock;
  if (HasMod(in, "sys")) return FenceScope::kSystem;
  return FenceScope::kDevice;  // gl, gpu, cluster (a cluster is within the device), or none given
}

bool DecodeBarrier(Instruction& in, std::string& error) {
  if ((in.opcode == "bar" || in.opcode == "barrier") && !HasMod(in, "warp")) {
    if (HasMod(in, "red")) {
      if (HasMod(in, "popc")) in.mode = static_cast<int>(BarrierOp::kCount);
      else if (HasMod(in, "and")) in.mode = static_cast<int>(BarrierOp::kAnd);
      else if (HasMod(in, "or")) in.mode = static_cast<int>(BarrierOp::kOr);
      else error = "bar.red needs .popc, .and or .or";
      if (in.args.size() < 3 || in.args.size() > 4) error = "bar.red expects 3 or 4 operands";
      if (error.empty()) in.handler = &BarRed;
      return true;
    }
    if (HasMod(in, "arrive")) {
      error = "bar.arrive (a producer of a named barrier) is not run by the engine";
      return true;
    }
    if (in.args.empty() || in.args.size() > 2) error = "bar.sync expects a barrier and an optional thread count";
    else in.handler = &BarSync;
    return true;
  }
  if (in.opcode == "membar") {
    in.mode = static_cast<int>(ScopeOf(in));
    in.handler = &FenceInstr;
    return true;
  }
  if (in.opcode == "fence") {
    // fence.proxy.* orders the async proxy with the generic one: the engine's copies are synchronous.
    in.mode = static_cast<int>(ScopeOf(in));
    in.handler = &FenceInstr;
    return true;
  }
  if (in.opcode == "nanosleep") {
    if (in.args.size() != 1) error = "nanosleep expects 1 operand";
    else in.handler = &Sleep;
    return true;
  }
  if (in.opcode == "griddepcontrol") {
    if (!HasMod(in, "wait") && !HasMod(in, "launch_dependents")) error = "griddepcontrol needs .wait or .launch_dependents";
    else in.handler = &Nothing;
    return true;
  }
  if (in.opcode == "trap") {
    in.handler = &TrapInstr;
    return true;
  }
  if (in.opcode == "pmevent" || in.opcode == "prefetch" || in.opcode == "prefetchu") {
    in.handler = &Nothing;  // performance hints with no effect on results
    return true;
  }
  return false;
}

}  // namespace warpsafe::engine::ptx
