// Fiber stacks: mmap'ed, with an inaccessible guard page below each, so that an overflow faults
// on the guard page (and is reported naming the GPU thread) instead of silently corrupting the
// neighbouring stack. Stacks are pooled per worker thread: a block of 1024 threads reuses the
// stacks of the previous block instead of mapping new ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>

namespace warpsafe::engine::fiber {

class Stack {
 public:
  Stack() = default;
  Stack(const Stack&) = delete;
  Stack& operator=(const Stack&) = delete;
  Stack(Stack&& other) noexcept;
  Stack& operator=(Stack&& other) noexcept;
  ~Stack();

  // Maps `usable` bytes (rounded up to pages) plus one guard page. Returns false when the system
  // refuses the mapping.
  bool Allocate(std::size_t usable);

  void* top() const { return base_ + guard_ + usable_; }
  std::size_t usable() const { return usable_; }
  bool InGuard(const void* address) const {
    auto a = reinterpret_cast<std::uintptr_t>(address);
    auto g = reinterpret_cast<std::uintptr_t>(base_);
    return base_ != nullptr && a >= g && a < g + guard_;
  }

 private:
  void Release();
  unsigned char* base_ = nullptr;
  std::size_t guard_ = 0;
  std::size_t usable_ = 0;
};

// Stacks of one size, reused across blocks by one worker thread.
class StackPool {
 public:
  explicit StackPool(std::size_t usable) : usable_(usable) {}
  // The i-th stack of the pool, mapped on first use; its address never changes (lanes keep it).
  // Null if the system refuses the mapping.
  Stack* Get(std::size_t i);
  std::size_t usable() const { return usable_; }

 private:
  std::size_t usable_;
  std::deque<Stack> stacks_;  // a deque: growing it never moves the stacks lanes point to
};

}  // namespace warpsafe::engine::fiber
