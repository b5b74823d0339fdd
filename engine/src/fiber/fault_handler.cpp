// SIGSEGV/SIGBUS inside a GPU thread become a report naming the thread: a stack overflow when the
// fault hit the thread's guard page, an illegal memory access otherwise. Faults in host code keep
// their default behaviour (the process dies of the signal, as it would without warpsafe).
#include <signal.h>

#include <cstdio>
#include <mutex>

#include "report/report.h"
#include "sched/block.h"

namespace warpsafe::engine {

namespace {

void OnFault(int sig, siginfo_t* info, void*) {
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) {
    signal(sig, SIG_DFL);  // host code: return and fault again, this time fatally
    return;
  }
  char address[32];
  std::snprintf(address, sizeof address, "%p", info->si_addr);
  if (lane->stack != nullptr && lane->stack->InGuard(info->si_addr)) {
    Report(DefectKind::kStackOverflow)
        .Where(lane->block->Describe(*lane))
        .At(lane->site, "last scheduling point before the overflow")
        .Line("the thread overflowed its " + std::to_string(lane->stack->usable() / 1024) +
              " KB stack (deep recursion or large local arrays); raise it with --stack-size or "
              "WARPSAFE_STACK_SIZE")
        .Emit();
  }
  Report(DefectKind::kIllegalAddress)
      .Where(lane->block->Describe(*lane))
      .At(lane->site, "last scheduling point before the fault")
      .Line(std::string(sig == SIGBUS ? "bus error" : "invalid memory access") + " at address " + address +
            " (on a GPU: cudaErrorIllegalAddress); build with -g and run under gdb to see the faulting line")
      .Emit();
}

}  // namespace

void InstallFaultHandler() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa {};
    sa.sa_sigaction = OnFault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, nullptr);
    sigaction(SIGBUS, &sa, nullptr);
  });
}

}  // namespace warpsafe::engine
