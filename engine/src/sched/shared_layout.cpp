#include "sched/shared_layout.h"

#include <mutex>
#include <unordered_map>

namespace warpsafe::engine {

namespace {

struct Layout {
  std::mutex mutex;
  std::unordered_map<const void*, StaticSharedSlot> slots;
  std::size_t end = 0;
};

// Never destroyed: programs register from static initialisers and may launch from static
// destructors, in any order relative to this object.
Layout& TheLayout() {
  static Layout* layout = new Layout();
  return *layout;
}

}  // namespace

void RegisterStaticSharedDeclaration(const void* key, std::size_t size, std::size_t align) {
  Layout& l = TheLayout();
  std::lock_guard<std::mutex> lock(l.mutex);
  if (l.slots.count(key) != 0) return;
  if (align < 16) align = 16;
  const std::size_t offset = (l.end + align - 1) / align * align;
  l.slots.emplace(key, StaticSharedSlot{offset, size});
  l.end = offset + size;
}

std::optional<StaticSharedSlot> FindStaticShared(const void* key) {
  Layout& l = TheLayout();
  std::lock_guard<std::mutex> lock(l.mutex);
  const auto it = l.slots.find(key);
  if (it == l.slots.end()) return std::nullopt;
  return it->second;
}

std::size_t RegisteredStaticSharedBytes() {
  Layout& l = TheLayout();
  std::lock_guard<std::mutex> lock(l.mutex);
  return l.end;
}

}  // namespace warpsafe::engine
