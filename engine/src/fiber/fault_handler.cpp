// Fatal signals (fault_handler.h). The handlers run on the worker's alternate signal stack: the
// faulting fiber's own stack may be the one that overflowed.
#include "fiber/fault_handler.h"

#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "fiber/division_fault.h"
#include "race/symbolizer.h"
#include "report/report.h"
#include "runtime/allocations.h"
#include "runtime/redzone_check.h"
#include "sched/block.h"

namespace warpsafe::engine {

namespace {

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL};

// RegisterUnsupportedRange's ranges: filled before `g_unsupported_count` is raised, so a handler
// reads only complete entries.
struct UnsupportedRange {
  std::uintptr_t begin, end;
  std::string (*explain)(const void*);
};
constexpr int kMaxUnsupportedRanges = 8;
UnsupportedRange g_unsupported[kMaxUnsupportedRanges];
std::atomic<int> g_unsupported_count{0};
std::mutex g_unsupported_mutex;

std::uintptr_t FaultingPc(void* context) {
#if defined(__x86_64__)
  return static_cast<std::uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
#else
  (void)context;
  return 0;
#endif
}

// "at FILE:LINE: <what>" when the faulting line is known; the lane's last scheduling point
// otherwise (with `fallback` saying what that site is). A fault in code the user did not write (a
// library's header) names the user's call that led there, found by unwinding the lane's stack from
// this handler through the signal frame (report/user_frames.h), with the header's line as a note.
void AddFaultSite(Report& report, const Lane& lane, std::uintptr_t pc, const std::string& what,
                  const std::string& fallback) {
  // The symbolizer takes return addresses (it looks one byte back): pc + 1 lands on pc itself.
  const race::CodeLocation at = pc != 0 ? race::SymbolizeReturnAddresses({pc + 1})[0] : race::CodeLocation{};
  if (!at.file.empty() && at.line != 0) {
    report.At(lane, Site{strdup(at.file.c_str()), at.line, 0}, what);  // kept for the report, which ends the run
  } else {
    report.At(lane.site, fallback);
  }
}

[[noreturn]] void ReportUnsupportedAccess(const UnsupportedRange& range, const void* address, void* context,
                                          Lane* lane) {
  Report report(DefectKind::kUnsupported);
  if (lane != nullptr) {
    report.Where(lane->block->Describe(*lane));
    AddFaultSite(report, *lane, FaultingPc(context), "the access", "last scheduling point before the access");
    report.Line(range.explain(address)).Emit();
  }
  report.AtCaller(range.explain(address)).Emit();  // host code: at the program's line of the call that read
}

[[noreturn]] void ReportMemoryFault(int sig, const siginfo_t* info, void* context, Lane& lane) {
  const std::uintptr_t pc = FaultingPc(context);
  if (lane.stack != nullptr && lane.stack->InGuard(info->si_addr)) {
    Report report(DefectKind::kStackOverflow);
    report.Where(lane.block->Describe(lane));
    // The instruction that touched the guard page is in the function whose frame did not fit: the
    // recursing one, or the one with the large local arrays. Without debug information, the lane's
    // last scheduling point.
    const race::CodeLocation at = pc != 0 ? race::SymbolizeReturnAddresses({pc + 1})[0] : race::CodeLocation{};
    if (!at.file.empty() && at.line != 0) {
      report.At(Site{at.file.c_str(), at.line},
                "the stack ran out" + (at.function.empty() ? std::string() : " in " + at.function));
    } else {
      report.At(lane.site, "last scheduling point before the overflow");
    }
    report
        .Line("the thread overflowed its " + std::to_string(lane.stack->usable() / 1024) +
              " KB stack (deep recursion or large local arrays); raise it with --stack-size or "
              "WARPSAFE_STACK_SIZE")
        .Emit();
  }
  // Past the red zone of a guarded runtime block (REDZONE-4): out of bounds of that block. A GPU
  // may not fault there (its allocations are carved from large pages), but the access is undefined.
  AllocationInfo block;
  std::ptrdiff_t offset = 0;
  if (runtime::FindGuardedBlock(info->si_addr, &block, &offset)) {
    const std::string where =
        offset < 0 ? std::to_string(-offset) + " bytes before the start of the "
                   : std::to_string(static_cast<std::size_t>(offset) - block.size) + " bytes past the end of the ";
    Report report(DefectKind::kOutOfBounds);
    report.Where(lane.block->Describe(lane));
    AddFaultSite(report, lane, pc, "the access", "last scheduling point before the access");
    report
        .Line("the access is " + where + runtime::DescribeBlock(block) +
              "; on a GPU it may read or overwrite a neighbouring allocation instead of faulting (REDZONE-4)")
        .Emit();
  }
  char address[32];
  std::snprintf(address, sizeof address, "%p", info->si_addr);
  Report report(DefectKind::kIllegalAddress);
  report.Where(lane.block->Describe(lane));
  AddFaultSite(report, lane, pc, "the faulting access", "last scheduling point before the fault");
  report
      .Line(std::string(sig == SIGBUS ? "bus error" : "invalid memory access") + " at address " + address +
            " (on a GPU: cudaErrorIllegalAddress)")
      .Emit();
}

[[noreturn]] void ReportDivision(const siginfo_t* info, void* context, Lane& lane) {
  const fiber::DivisionInfo d = fiber::DecodeDivisionFault(static_cast<const ucontext_t*>(context));
  const std::uintptr_t pc = FaultingPc(context);
  const std::string type = d.bits == 0 ? std::string("integer")
                                       : std::string(d.is_signed ? "" : "unsigned ") + std::to_string(d.bits) +
                                             "-bit integer";
  if (info->si_code != FPE_INTDIV && info->si_code != FPE_INTOVF) {
    Report report(DefectKind::kUnsupported);
    report.Where(lane.block->Describe(lane));
    AddFaultSite(report, lane, pc, "the trapping instruction", "last scheduling point before the trap");
    report.Line("a floating-point trap (the program enabled floating-point exceptions; a GPU has none)").Emit();
  }
  const bool overflow = d.fault == fiber::DivisionFault::kOverflow;
  Report report(overflow ? DefectKind::kDivisionOverflow : DefectKind::kDivisionByZero);
  report.Where(lane.block->Describe(lane));
  AddFaultSite(report, lane, pc, overflow ? "the division" : "the division by zero",
               "last scheduling point before the division");
  if (overflow) {
    report.Line("the most negative " + type + " divided by -1: the quotient does not fit (undefined in C++; a GPU "
                "does not trap and the program goes on with an unspecified value)");
  } else if (d.fault == fiber::DivisionFault::kByZero) {
    report.Line(type + " division (or remainder) by zero: undefined in C++; a GPU does not trap and the program "
                "goes on with an unspecified value");
  } else {
    report.Line(type + " division (or remainder) by zero, or of the most negative value by -1: undefined in C++; "
                "a GPU does not trap and the program goes on with an unspecified value");
  }
  report.Emit();
}

[[noreturn]] void ReportAbort(void* context, Lane& lane) {
  (void)context;
  Report report(DefectKind::kAbortInKernel);
  report.Where(lane.block->Describe(lane))
      .At(lane.site, "last scheduling point before the abort")
      .Line("the thread raised SIGABRT (abort(), std::terminate, or a failed check of the C++ library); abort() is "
            "a host function that device code cannot call (use assert or __trap to fail the kernel)")
      .Emit();
}

void OnFatalSignal(int sig, siginfo_t* info, void* context) {
  Lane* lane = CurrentLaneOrNull();
  if (sig == SIGSEGV || sig == SIGBUS) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    const int n = g_unsupported_count.load(std::memory_order_acquire);
    for (int i = 0; i < n; ++i) {
      if (address >= g_unsupported[i].begin && address < g_unsupported[i].end) {
        ReportUnsupportedAccess(g_unsupported[i], info->si_addr, context, lane);
      }
    }
  }
  if (lane != nullptr && sig != SIGILL) {
    if (sig == SIGFPE) ReportDivision(info, context, *lane);
    if (sig == SIGABRT) ReportAbort(context, *lane);
    ReportMemoryFault(sig, info, context, *lane);
  }
  // Host code (or an illegal instruction): the process dies of the signal, its output written out
  // first. Raised again with the default action; it is delivered when this handler returns (or,
  // for a fault, the instruction faults again).
  FlushStdoutForCrash();
  signal(sig, SIG_DFL);
  raise(sig);
}

}  // namespace

void FlushStdoutForCrash() {
  if (ftrylockfile(stdout) != 0) return;  // another thread is inside stdio: do not wait for it
  fflush_unlocked(stdout);
  funlockfile(stdout);
}

std::string CodeLineAt(std::uintptr_t pc) {
  // The symbolizer takes return addresses (it looks one byte back): pc + 1 lands on pc itself.
  const race::CodeLocation loc = race::SymbolizeReturnAddresses({pc + 1})[0];
  if (loc.file.empty() || loc.line == 0) return "";
  return loc.file + ":" + std::to_string(loc.line);
}

void RegisterUnsupportedRange(const void* begin, std::size_t bytes, std::string (*explain)(const void* address)) {
  std::lock_guard<std::mutex> lock(g_unsupported_mutex);
  const int n = g_unsupported_count.load(std::memory_order_relaxed);
  if (n == kMaxUnsupportedRanges) return;  // the access then faults as any other
  const auto b = reinterpret_cast<std::uintptr_t>(begin);
  g_unsupported[n] = {b, b + bytes, explain};
  g_unsupported_count.store(n + 1, std::memory_order_release);
}

void InstallFaultHandler() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa {};
    sa.sa_sigaction = OnFatalSignal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (const int sig : kFatalSignals) sigaction(sig, &sa, nullptr);
  });
}

}  // namespace warpsafe::engine
