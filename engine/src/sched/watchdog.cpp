#include "sched/watchdog.h"

#include <pthread.h>
#include <signal.h>
#include <ucontext.h>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "race/symbolizer.h"
#include "report/report.h"
#include "sched/block.h"
#include "sched/worker.h"

namespace warpsafe::engine {

namespace {

// Where a stuck thread runs: the watchdog sends it kSampleSignal, whose handler (on the thread's
// alternate signal stack) stores the interrupted instruction's address. The handler is installed only
// for the moment of the sample and the program's own disposition put back after it, so a program that
// handles SIGURG itself (sockets' out-of-band data) keeps its handler while it runs.
constexpr int kSampleSignal = SIGURG;
std::atomic<std::uintptr_t> g_sampled_pc{0};

void OnSample(int, siginfo_t*, void* context) {
#if defined(__x86_64__)
  g_sampled_pc.store(static_cast<std::uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]),
                     std::memory_order_release);
#else
  (void)context;
#endif
}

// Installs the sampler and returns the disposition it replaced.
struct sigaction InstallSampler() {
  struct sigaction sa {};
  sa.sa_sigaction = OnSample;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  struct sigaction previous {};
  sigaction(kSampleSignal, &sa, &previous);
  return previous;
}

// The source line the worker's thread is running, or a location with no file when it cannot be
// known (no answer within 200 ms, or no debug information).
race::CodeLocation SampleLine(const Worker& worker) {
  g_sampled_pc.store(0, std::memory_order_relaxed);
  const struct sigaction previous = InstallSampler();
  std::uintptr_t pc = 0;
  if (pthread_kill(worker.thread, kSampleSignal) == 0) {
    for (int i = 0; i < 200 && pc == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      pc = g_sampled_pc.load(std::memory_order_acquire);
    }
  }
  // A sample that has not arrived within 200 ms after this still finds a handler that ignores it or
  // the program's own: either is what the program would have seen without the watchdog.
  sigaction(kSampleSignal, &previous, nullptr);
  if (pc == 0) return {};
  // The symbolizer takes return addresses (it looks one byte back): pc + 1 lands on pc itself.
  return race::SymbolizeReturnAddresses({pc + 1})[0];
}

struct Seen {
  std::uint64_t steps = 0;
  std::chrono::steady_clock::time_point since;
};

struct Scan {
  std::map<Worker*, Seen>* seen;
  std::chrono::steady_clock::time_point now;
  std::chrono::seconds limit;
};

void Check(Worker& worker, void* ctx) {
  auto& scan = *static_cast<Scan*>(ctx);
  Block* block = worker.running.load(std::memory_order_relaxed);
  // A worker's Block object lives as long as its thread: reading it is safe after the block ends.
  const std::uint64_t steps = block != nullptr ? block->steps() : 0;
  Seen& s = (*scan.seen)[&worker];
  // A report being symbolized is not a stuck thread: the time it takes restarts every count.
  if (block == nullptr || steps != s.steps || race::SymbolizerBusy()) {
    s.steps = steps;
    s.since = scan.now;
    return;
  }
  if (scan.now - s.since < scan.limit) return;
  const Lane* lane = block->current();
  const race::CodeLocation running = SampleLine(worker);
  Report report(DefectKind::kHang);
  if (lane != nullptr) {
    report.Where(block->Describe(*lane));
    if (!running.file.empty() && running.line != 0) {
      report.At(Site{running.file.c_str(), running.line},
                "where it runs" + (running.function.empty() ? std::string() : " (in " + running.function + ")"));
    }
    if (lane->site.file != nullptr || running.file.empty() || running.line == 0) {
      report.At(lane->site, "its last scheduling point (a collective, barrier, atomic or fence)");
    }
  } else {
    report.Where(block->DescribeBlock());
  }
  report
      .Line("the thread has run for " + std::to_string(scan.limit.count()) +
            " s without reaching a scheduling point (--hang-seconds): an endless loop, or a spin on a plain load "
            "that only another thread could end; spin loops need an atomic, a fence or __nanosleep")
      .Emit();
}

}  // namespace

void StartWatchdog() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::thread([] {
      std::map<Worker*, Seen> seen;
      for (;;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        Scan scan{&seen, std::chrono::steady_clock::now(), std::chrono::seconds(GetOptions().hang_seconds)};
        ForEachWorker(Check, &scan);
      }
    }).detach();
  });
}

}  // namespace warpsafe::engine
