#include "sched/shared_arena.h"

#include <cstring>

#include "sched/shared_layout.h"
#include "sched/worker.h"

namespace warpsafe::engine {

std::size_t SharedArena::CapacityFor(std::size_t dynamic_bytes, std::size_t limit) {
  return StaticBase(dynamic_bytes) + RegisteredStaticSharedBytes() + limit;
}

void SharedArena::Reset(unsigned char* storage, std::size_t capacity, std::size_t dynamic_bytes, std::size_t limit) {
  storage_ = storage;
  capacity_ = capacity;
  limit_ = limit;
  static_base_ = StaticBase(dynamic_bytes);
  unregistered_end_ = static_base_ + RegisteredStaticSharedBytes();
  used_ = dynamic_bytes;
  reached_.clear();
  std::memset(storage_, kSharedPoisonByte, dynamic_bytes);
}

void* SharedArena::Static(const void* key, std::size_t size, std::size_t align, bool* first) {
  *first = false;
  for (const auto& [k, offset] : reached_) {
    if (k == key) return storage_ + offset;
  }
  std::size_t offset = 0;
  if (const std::optional<StaticSharedSlot> slot = FindStaticShared(key)) {
    offset = static_base_ + slot->offset;
  } else {
    if (align < 16) align = 16;
    offset = (unregistered_end_ + align - 1) / align * align;
  }
  if (used_ + size > limit_ || offset + size > capacity_) return nullptr;
  if (offset >= unregistered_end_) unregistered_end_ = offset + size;
  used_ += size;
  reached_.emplace_back(key, offset);
  std::memset(storage_ + offset, kSharedPoisonByte, size);
  *first = true;
  return storage_ + offset;
}

}  // namespace warpsafe::engine
