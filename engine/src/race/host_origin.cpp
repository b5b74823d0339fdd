#include "race/host_origin.h"

#include <cstdio>
#include <cstring>

#include "race/device_heap.h"

namespace warpsafe::engine::race {
namespace {

// The glibc allocator serves a large request with a mapping of its own: the block's header sits
// at the mapping's start, its size word (the mapping's length, low bit 1 "IS_MMAPPED" = 2) 8 bytes
// in. Recognising it tells such a block from the engine's own anonymous mappings.
bool IsLargeMallocBlock(std::uintptr_t start, std::uintptr_t end) {
  const std::uintptr_t size_word = *reinterpret_cast<const std::uintptr_t*>(start + sizeof(std::uintptr_t));
  return (size_word & 2) != 0 && (size_word & ~std::uintptr_t{7}) == end - start;
}

}  // namespace

HostOrigin ClassifyHostAddress(std::uintptr_t address) {
  std::FILE* maps = std::fopen("/proc/self/maps", "re");
  if (maps == nullptr) return HostOrigin::kNotHost;
  HostOrigin origin = HostOrigin::kNotHost;
  char line[512];
  while (std::fgets(line, sizeof line, maps) != nullptr) {
    unsigned long start = 0, end = 0;
    char perms[8] = {};
    int path_at = 0;
    if (std::sscanf(line, "%lx-%lx %7s %*s %*s %*s %n", &start, &end, perms, &path_at) < 3) continue;
    if (address < start || address >= end) continue;
    const char* path = line + path_at;
    if (std::strncmp(path, "[heap]", 6) == 0) {
      origin = HostOrigin::kHostHeap;
    } else if (std::strncmp(path, "[stack]", 7) == 0) {
      origin = HostOrigin::kHostStack;
    } else if ((path[0] == '\n' || path[0] == '\0') && perms[0] == 'r' && IsLargeMallocBlock(start, end)) {
      origin = HostOrigin::kHostHeap;
    }
    break;
  }
  std::fclose(maps);
  if (origin == HostOrigin::kHostHeap && warpsafe_in_device_heap != nullptr && warpsafe_in_device_heap(address)) {
    return HostOrigin::kNotHost;
  }
  return origin;
}

const char* HostOriginName(HostOrigin origin) {
  switch (origin) {
    case HostOrigin::kNotHost: return "memory the device cannot reach";
    case HostOrigin::kHostHeap: return "host heap (malloc or new in host code)";
    case HostOrigin::kHostStack: return "host stack (a local variable of host code)";
    case HostOrigin::kHostGlobal: return "host global (a namespace-scope variable of host code)";
  }
  return "host memory";
}

}  // namespace warpsafe::engine::race
