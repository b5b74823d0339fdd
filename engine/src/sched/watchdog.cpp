#include "sched/watchdog.h"

#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "report/report.h"
#include "sched/block.h"

namespace warpsafe::engine {

namespace {

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
  if (block == nullptr || steps != s.steps) {
    s.steps = steps;
    s.since = scan.now;
    return;
  }
  if (scan.now - s.since < scan.limit) return;
  const Lane* lane = block->current();
  Report report(DefectKind::kHang);
  if (lane != nullptr) {
    report.Where(block->Describe(*lane))
        .At(lane->site, "its last scheduling point (a collective, barrier, atomic or fence)");
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
