// Per-OS-thread state of a thread that runs blocks: the stack pool, the shared-memory arena, the
// alternate signal stack for fault reports, the Block object it reuses, and the block the hang
// watchdog watches.
//
// Lifetime: a worker lives until its thread ends (pthread_exit or returning from the thread's
// function), never until the process exits. exit() destroys thread_local objects before it runs
// atexit handlers and static destructors, and those may still launch kernels, free device memory
// or fault (a program's global whose destructor calls cudaFree): the main thread's worker must
// outlive all of them.
#pragma once

#include <pthread.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fiber/stack.h"

namespace warpsafe::engine {

class Block;

// Shared memory starts as garbage on a GPU; the engine fills it with this byte at block start
// (and each static __shared__ declaration when it gets storage), never with zeros that would make
// a missing initialisation look right. The race detector recognises it.
inline constexpr unsigned char kSharedPoisonByte = 0xcd;

// The most shared memory one block may use, dynamic and static together: the largest of any
// supported arch (227 KB on sm_90) plus the 48 KB static part.
inline constexpr std::size_t kSharedBytesPerBlock = (228 + 48) * 1024;

struct Worker {
  // `thread_state`: the calling thread's own worker, which also installs the thread's alternate
  // signal stack and the fault handlers. Without it, storage for one more block resident on the
  // calling thread (sched/coresident_blocks.cpp), whose thread already has its own worker.
  explicit Worker(std::size_t stack_size, bool thread_state = true);
  ~Worker();

  fiber::StackPool stacks;
  // Shared memory of the block being run: dynamic part first, then static declarations
  // (sched/shared_arena.h).
  std::size_t arena_size;
  std::unique_ptr<unsigned char[]> arena_storage;
  unsigned char* arena;  // 256-byte aligned inside arena_storage
  // Grows the arena to at least `bytes` (between blocks only: its old contents are dropped).
  void ReserveArena(std::size_t bytes);

  std::atomic<Block*> running{nullptr};  // for the watchdog (which reads its Block::steps)
  // The OS thread: the watchdog asks it where it runs when it reports a hang (watchdog.cpp).
  pthread_t thread = pthread_self();

  // The Block object this thread runs its blocks with (created on first use, reused).
  Block& ThreadBlock();

  // The calling OS thread's worker (created on first use).
  static Worker& ForThisThread();

 private:
  std::unique_ptr<Block> block_;           // destroyed before the stacks its lanes ran on
  std::unique_ptr<char[]> signal_stack_;  // the alternate signal stack of this thread
};

// All workers alive, for the watchdog. Guarded internally.
void ForEachWorker(void (*fn)(Worker&, void*), void* ctx);

}  // namespace warpsafe::engine
