#include "sched/worker.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "fiber/fault_handler.h"
#include "options.h"
#include "sched/block.h"

namespace warpsafe::engine {

namespace {

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

constexpr std::size_t kSignalStackBytes = 64 * 1024;

// A trivially destructible thread_local: it is never torn down by exit(). The key's destructor
// deletes the worker when its thread ends; the C library does not run key destructors at exit(),
// so the main thread's worker stays usable by atexit handlers and static destructors.
thread_local Worker* t_worker = nullptr;

pthread_key_t WorkerKey() {
  static const pthread_key_t key = [] {
    pthread_key_t k;
    pthread_key_create(&k, [](void* w) {
      t_worker = nullptr;
      delete static_cast<Worker*>(w);
    });
    return k;
  }();
  return key;
}

}  // namespace

Worker::Worker(std::size_t stack_size, bool thread_state)
    : stacks(stack_size), arena_size(0), arena(nullptr) {
  ReserveArena(kSharedBytesPerBlock);
  if (thread_state) {
    // Fault reports run on this stack: the faulting fiber's own stack may be the one that overflowed.
    signal_stack_.reset(new char[kSignalStackBytes]);
    stack_t ss{};
    ss.ss_sp = signal_stack_.get();
    ss.ss_size = kSignalStackBytes;
    sigaltstack(&ss, nullptr);
    InstallFaultHandler();
  }
  std::lock_guard<std::mutex> lock(RegistryMutex());
  Registry().push_back(this);
}

Worker::~Worker() {
  {
    std::lock_guard<std::mutex> lock(RegistryMutex());
    auto& r = Registry();
    r.erase(std::remove(r.begin(), r.end(), this), r.end());
  }
  if (signal_stack_ == nullptr) return;  // storage only: the thread's signal stack is another's
  stack_t off{};
  off.ss_flags = SS_DISABLE;
  sigaltstack(&off, nullptr);
}

void Worker::ReserveArena(std::size_t bytes) {
  if (bytes <= arena_size) return;
  arena_storage.reset(new unsigned char[bytes + 256]);
  auto p = reinterpret_cast<std::uintptr_t>(arena_storage.get());
  arena = reinterpret_cast<unsigned char*>((p + 255) & ~std::uintptr_t{255});
  arena_size = bytes;
}

Block& Worker::ThreadBlock() {
  if (!block_) block_ = std::make_unique<Block>(*this);
  return *block_;
}

Worker& Worker::ForThisThread() {
  if (t_worker == nullptr) {
    t_worker = new Worker(GetOptions().stack_size);
    pthread_setspecific(WorkerKey(), t_worker);
  }
  return *t_worker;
}

void ForEachWorker(void (*fn)(Worker&, void*), void* ctx) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  for (Worker* w : Registry()) fn(*w, ctx);
}

}  // namespace warpsafe::engine
