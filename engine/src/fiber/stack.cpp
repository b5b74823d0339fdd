#include "fiber/stack.h"

#include <sys/mman.h>
#include <unistd.h>

#include <utility>

namespace warpsafe::engine::fiber {

namespace {
std::size_t PageSize() {
  static const std::size_t kPage = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return kPage;
}
}  // namespace

Stack::Stack(Stack&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)),
      guard_(std::exchange(other.guard_, 0)),
      usable_(std::exchange(other.usable_, 0)) {}

Stack& Stack::operator=(Stack&& other) noexcept {
  if (this != &other) {
    Release();
    base_ = std::exchange(other.base_, nullptr);
    guard_ = std::exchange(other.guard_, 0);
    usable_ = std::exchange(other.usable_, 0);
  }
  return *this;
}

Stack::~Stack() { Release(); }

bool Stack::Allocate(std::size_t usable) {
  Release();
  const std::size_t page = PageSize();
  usable = (usable + page - 1) / page * page;
  // Stacks mapped one after another lie a mapping apart. A mapping of a multiple of 16 pages would
  // put every lane's stack top in one set of the data TLB: a full-warp shuffle cost 12% more per
  // lane on the engine's machine (stacks of 60, 124 or 252 KB); one more page spreads them.
  if ((usable / page + 1) % 16 == 0) usable += page;
  // MAP_NORESERVE: a 1024-thread block maps 1024 stacks; only the pages a thread touches are
  // ever backed by memory.
  void* p = mmap(nullptr, usable + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (p == MAP_FAILED) return false;
  if (mprotect(p, page, PROT_NONE) != 0) {
    munmap(p, usable + page);
    return false;
  }
  base_ = static_cast<unsigned char*>(p);
  guard_ = page;
  usable_ = usable;
  return true;
}

void Stack::Release() {
  if (base_ != nullptr) munmap(base_, guard_ + usable_);
  base_ = nullptr;
  guard_ = usable_ = 0;
}

Stack* StackPool::Get(std::size_t i) {
  while (stacks_.size() <= i) stacks_.emplace_back();
  Stack& s = stacks_[i];
  if (s.usable() == 0 && !s.Allocate(usable_)) return nullptr;
  return &s;
}

}  // namespace warpsafe::engine::fiber
