#include "sched/worker.h"

#include <signal.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "options.h"

namespace warpsafe::engine {

namespace {

// The largest block shared memory of any supported arch (227 KB on sm_90) plus the static part.
constexpr std::size_t kArenaBytes = (228 + 48) * 1024;

// Never destroyed: the watchdog thread is detached and may walk the registry while the process
// exits, after static destructors would have freed a plain static (seen as a rare SIGSEGV at exit
// in watchdog.cpp's Check). Workers still remove themselves, under the lock, when their thread ends.
std::mutex& RegistryMutex() {
  static std::mutex* m = new std::mutex();
  return *m;
}
std::vector<Worker*>& Registry() {
  static std::vector<Worker*>* r = new std::vector<Worker*>();
  return *r;
}

// Fault reports run on this stack: the faulting fiber's own stack may be the one that overflowed.
void InstallAltStack() {
  static thread_local std::unique_ptr<char[]> storage;
  if (storage) return;
  const std::size_t size = 64 * 1024;
  storage.reset(new char[size]);
  stack_t ss{};
  ss.ss_sp = storage.get();
  ss.ss_size = size;
  sigaltstack(&ss, nullptr);
}

}  // namespace

void InstallFaultHandler();  // fiber/fault_handler.cpp

Worker::Worker(std::size_t stack_size)
    : stacks(stack_size), arena_size(kArenaBytes), arena_storage(new unsigned char[kArenaBytes + 256]) {
  auto p = reinterpret_cast<std::uintptr_t>(arena_storage.get());
  arena = reinterpret_cast<unsigned char*>((p + 255) & ~std::uintptr_t{255});
  InstallAltStack();
  InstallFaultHandler();
  std::lock_guard<std::mutex> lock(RegistryMutex());
  Registry().push_back(this);
}

Worker::~Worker() {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  auto& r = Registry();
  r.erase(std::remove(r.begin(), r.end(), this), r.end());
}

Worker& Worker::ForThisThread() {
  static thread_local std::unique_ptr<Worker> worker;
  if (!worker) worker = std::make_unique<Worker>(GetOptions().stack_size);
  return *worker;
}

void ForEachWorker(void (*fn)(Worker&, void*), void* ctx) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  for (Worker* w : Registry()) fn(*w, ctx);
}

}  // namespace warpsafe::engine
