#include "sched/watchdog.h"

#include <pthread.h>
#include <signal.h>
#include <ucontext.h>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "race/race.h"
#include "race/symbolizer.h"
#include "report/user_frames.h"
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

// The address the worker's thread is running at, or 0 when no answer came within 200 ms.
std::uintptr_t SamplePc(const Worker& worker) {
  g_sampled_pc.store(0, std::memory_order_relaxed);
  const struct sigaction previous = InstallSampler();
  std::uintptr_t pc = 0;
  if (pthread_kill(worker.thread, kSampleSignal) == 0) {
    for (int i = 0; i < 4000 && pc == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::microseconds(50));
      pc = g_sampled_pc.load(std::memory_order_acquire);
    }
  }
  // A sample that has not arrived within 200 ms after this still finds a handler that ignores it or
  // the program's own: either is what the program would have seen without the watchdog.
  sigaction(kSampleSignal, &previous, nullptr);
  return pc;
}

// The source line the worker's thread is running, or a location with no file when it cannot be
// known (no answer within 200 ms, or no debug information).
race::CodeLocation SampleLine(const Worker& worker) {
  const std::uintptr_t pc = SamplePc(worker);
  if (pc == 0) return {};
  // The symbolizer takes return addresses (it looks one byte back): pc + 1 lands on pc itself.
  return race::SymbolizeReturnAddresses({pc + 1})[0];
}

// Whether `pc` is in a line of the user's own code. Symbolizing runs a tool: each address is
// asked once (the watchdog thread alone uses the table).
bool InUserCode(std::uintptr_t pc) {
  static auto* known = new std::map<std::uintptr_t, bool>();
  const auto it = known->find(pc);
  if (it != known->end()) return it->second;
  const race::CodeLocation at = race::SymbolizeReturnAddresses({pc + 1})[0];
  const bool user = !at.file.empty() && IsUserFile(at.file.c_str());
  known->emplace(pc, user);
  return user;
}

// Addresses at which a lane was preempted before: a spin loop, most likely, which a block reaches
// again each time it waits (a grid barrier's spin), and which is set aside sooner the next time.
std::set<std::uintptr_t>& SpinAddresses() {
  static auto* spins = new std::set<std::uintptr_t>();
  return *spins;
}

// Parking a lane that spins without a scheduling point (docs/semantics/host_wait.md, HOSTWAIT-5).
// In `warpsafe run` a spin on a plain or volatile load of memory only the host writes never reaches
// the engine, so the block's step count cannot show that it waits. When a lane of a grid that may
// park has run for kPreemptAfter without a scheduling point in a line of the user's own code, the
// watchdog sends its thread kPreemptSignal. The handler runs on the lane's own stack (not the
// alternate signal stack, which a later fault of another lane would reuse) and, if the lane is
// still where the watchdog saw it, parks the block from inside the handler (Block::PreemptCurrent):
// the worker's context resumes, the launch returns to the host, and the lane resumes in the
// handler when the grid runs on, whose return puts back every register. Only the user's own line
// is interrupted, never the engine's code or a library's, which may hold a lock the host needs.
constexpr std::chrono::milliseconds kPreemptAfter{400};
// How often the watchdog looks at the workers.
constexpr std::chrono::milliseconds kScanInterval{5};
struct PreemptRequest {
  const Block* block;
  std::uint64_t steps;
  std::uintptr_t pc;  // where the sample found the lane
  bool park;
};
PreemptRequest g_preempt{};
std::atomic<int> g_preempt_answer{0};  // 1: parked, 2: declined

void OnPreempt(int, siginfo_t*, void* context) {
  Block* block = tls_block;
  bool here = block != nullptr && block == g_preempt.block && tls_lane != nullptr && block->current() != nullptr &&
              block->steps() == g_preempt.steps;
#if defined(__x86_64__)
  const auto pc = static_cast<std::uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
  here = here && pc + 4096 > g_preempt.pc && pc < g_preempt.pc + 4096;  // still in the sampled loop
#else
  (void)context;
  here = false;
#endif
  g_preempt_answer.store(here ? 1 : 2, std::memory_order_release);
  if (here) block->PreemptCurrent(g_preempt.park, pc);
}

// Ends the turn of `block` (run by `worker`, `steps` unchanged, its lane sampled at `pc` in the
// user's own code); `park`: the block waits for the host.
bool Preempt(Worker& worker, const Block& block, std::uint64_t steps, std::uintptr_t pc, bool park) {
  g_preempt = PreemptRequest{&block, steps, pc, park};
  g_preempt_answer.store(0, std::memory_order_relaxed);
  struct sigaction sa {};
  sa.sa_sigaction = OnPreempt;
  // SA_NODEFER: the handler switches away and returns only when the lane runs again, so the
  // signal must not stay blocked in the worker meanwhile.
  sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  struct sigaction previous {};
  sigaction(kSampleSignal, &sa, &previous);
  int answer = 0;
  if (pthread_kill(worker.thread, kSampleSignal) == 0) {
    for (int i = 0; i < 4000 && answer == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::microseconds(50));
      answer = g_preempt_answer.load(std::memory_order_acquire);
    }
  }
  sigaction(kSampleSignal, &previous, nullptr);
  return answer == 1;
}

// What the watchdog knows of a block: its step count when last seen running, and for how long it
// has run since without a step. Kept by Block object and generation, across the turns the block is
// set aside (sched/coresident_blocks.cpp): only time it runs counts.
struct Seen {
  std::uint64_t generation = 0;
  std::uint64_t steps = 0;
  std::uint64_t scan = 0;  // the scan that last saw it running
  std::chrono::steady_clock::duration stuck{};
  std::chrono::steady_clock::duration turn{};   // of `stuck`, how much since this turn began
  std::chrono::steady_clock::duration retry{};  // no preemption is tried before `stuck` reaches it
};

struct Scan {
  std::map<const Block*, Seen>* seen;
  std::uint64_t number;
  std::chrono::steady_clock::time_point now;
  std::chrono::steady_clock::duration since_last;  // since the previous scan
  std::chrono::seconds limit;
};

// A lane that has run this long without a scheduling point while another block of its grid could
// run on its worker in its place is set aside (preempted): it may wait for that block.
constexpr std::chrono::milliseconds kSetAsideAfter{40};
// The same at an address where a lane was preempted before (SpinAddresses).
constexpr std::chrono::milliseconds kSetAsideKnownSpin{5};
constexpr std::chrono::milliseconds kRetryAfter{200};

void Check(Worker& worker, void* ctx) {
  auto& scan = *static_cast<Scan*>(ctx);
  Block* block = worker.running.load(std::memory_order_relaxed);
  // A block set aside keeps its record; nothing runs on this worker now.
  if (block == nullptr) return;
  // A worker's Block object lives as long as its thread: reading it is safe after the block ends.
  const std::uint64_t steps = block->steps();
  const std::uint64_t generation = block->generation();
  Seen& s = (*scan.seen)[block];
  const bool ran_since = s.scan + 1 == scan.number;  // it was running at the previous scan too
  s.scan = scan.number;
  // A report being symbolized is not a stuck thread: the time it takes restarts every count.
  if (generation != s.generation || steps != s.steps || race::SymbolizerBusy()) {
    s.generation = generation;
    s.steps = steps;
    s.stuck = {};
    s.turn = {};
    s.retry = {};
    return;
  }
  // A block seen for the first time in this turn has run for an unknown part of the interval:
  // counted from here, and not set aside before a whole interval of this turn.
  if (ran_since) {
    s.stuck += scan.since_last;
    s.turn += scan.since_last;
  } else {
    s.turn = {};
  }
  // Tried at every scan: a sample that found the lane in a library's code may find it in the
  // user's loop the next time.
  if (!race::Enabled() && block->grid_run() != nullptr && s.stuck >= s.retry) {
    const bool park = block->grid_run()->may_park.load(std::memory_order_relaxed) && s.stuck >= kPreemptAfter;
    const bool set_aside = block->companions() && s.turn >= kSetAsideKnownSpin;
    if (park || set_aside) {
      const std::uintptr_t pc = SamplePc(worker);
      const bool due = park || s.stuck >= kSetAsideAfter || SpinAddresses().count(pc) != 0;
      if (pc != 0 && due) {
        if (InUserCode(pc) && Preempt(worker, *block, steps, pc, park)) {
          SpinAddresses().insert(pc);
          return;
        }
        // The lane ran in the engine's or a library's code: the next try waits a little.
        s.retry = s.stuck + kRetryAfter;
      }
    }
  }
  if (s.stuck < scan.limit) return;
  const Lane* lane = block->current();
  const race::CodeLocation running = SampleLine(worker);
  Report report(StuckKind(block->grid(), DefectKind::kHang));
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
  report.Line("the thread has run for " + std::to_string(scan.limit.count()) +
              " s without reaching a scheduling point (--hang-seconds): an endless loop, or a spin on a plain load "
              "that only another thread could end; spin loops need an atomic, a fence or __nanosleep");
  AddResidencyLines(report, block->grid());
  report.Emit();
}

}  // namespace

void StartWatchdog() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::thread([] {
      std::map<const Block*, Seen> seen;
      std::uint64_t number = 1;
      auto last = std::chrono::steady_clock::now();
      for (;;) {
        std::this_thread::sleep_for(kScanInterval);
        const auto now = std::chrono::steady_clock::now();
        Scan scan{&seen, ++number, now, now - last, std::chrono::seconds(GetOptions().hang_seconds)};
        last = now;
        ForEachWorker(Check, &scan);
      }
    }).detach();
  });
}

}  // namespace warpsafe::engine
