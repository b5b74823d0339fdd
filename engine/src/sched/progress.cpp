// The progress line (sched/progress.h): a thread started with the first followed launch wakes
// every quarter second, and redraws the line once the launch is old enough. It writes with
// write(2) in one call per update, so the line is never split by the program's buffered stderr.
#include "sched/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "options.h"
#include "sched/grid_run.h"

namespace warpsafe::engine {
namespace {

using Clock = std::chrono::steady_clock;

struct Progress {
  std::mutex mutex;
  std::condition_variable wake;
  const GridRun* grid = nullptr;  // the launch followed, if any
  Clock::time_point started;
  bool shown = false;
  bool thread_started = false;
};

Progress& State() {
  static auto* state = new Progress();  // outlives static destructors (the thread never ends)
  return *state;
}

bool Wanted() {
  static const bool wanted = GetOptions().progress_seconds != 0 && isatty(STDERR_FILENO) == 1;
  return wanted;
}

void WriteAll(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(STDERR_FILENO, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// "\r" + the line cut to the terminal's width (a wrapped line could not be redrawn in place) +
// "erase to the end of the line".
std::string Line(const GridRun& grid, Clock::duration elapsed) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(elapsed).count();
  std::string text = std::string("warpsafe: kernel ") + (grid.spec->kernel_name ? grid.spec->kernel_name : "?") +
                     ": " + std::to_string(grid.finished_blocks.load(std::memory_order_relaxed)) + " of " +
                     std::to_string(grid.total_blocks) + " blocks done, " + std::to_string(seconds) + " s";
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1 && text.size() >= size.ws_col) {
    text.resize(size.ws_col - 1);
  }
  return "\r" + text + "\033[K";
}

void Loop() {
  Progress& p = State();
  const auto delay = std::chrono::seconds(GetOptions().progress_seconds);
  std::unique_lock<std::mutex> lock(p.mutex);
  for (;;) {
    p.wake.wait_for(lock, std::chrono::milliseconds(p.shown ? 500 : 250));
    if (p.grid == nullptr) continue;
    const Clock::duration elapsed = Clock::now() - p.started;
    if (elapsed < delay) continue;
    WriteAll(Line(*p.grid, elapsed));
    p.shown = true;
  }
}

void EraseLocked(Progress& p) {
  if (!p.shown) return;
  WriteAll("\r\033[K");
  p.shown = false;
}

}  // namespace

void ProgressLaunchStarted(const GridRun& grid) {
  if (!Wanted()) return;
  Progress& p = State();
  std::lock_guard<std::mutex> lock(p.mutex);
  if (p.grid != nullptr) return;
  p.grid = &grid;
  p.started = Clock::now();
  if (!p.thread_started) {
    p.thread_started = true;
    std::thread(Loop).detach();
  }
}

void ProgressLaunchFinished(const GridRun& grid) {
  if (!Wanted()) return;
  Progress& p = State();
  std::lock_guard<std::mutex> lock(p.mutex);
  if (p.grid != &grid) return;
  p.grid = nullptr;
  EraseLocked(p);
}

void ProgressErase() {
  if (!Wanted()) return;
  Progress& p = State();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.grid = nullptr;
  EraseLocked(p);
}

}  // namespace warpsafe::engine
