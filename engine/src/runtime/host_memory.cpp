// host_memory.h: available memory, from /proc and the cgroup file system.
#include "runtime/host_memory.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace warpsafe::engine::runtime {
namespace {

// A number read from the first line of `path` ("max" or an unreadable file: false).
bool ReadNumber(const char* path, unsigned long long* out) {
  std::FILE* f = std::fopen(path, "r");
  if (f == nullptr) return false;
  const bool ok = std::fscanf(f, "%llu", out) == 1;
  std::fclose(f);
  return ok;
}

}  // namespace

std::size_t HostMemoryAvailableBytes() {
  std::size_t available = SIZE_MAX;
  if (std::FILE* f = std::fopen("/proc/meminfo", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, f) != nullptr) {
      unsigned long long kb = 0;
      if (std::sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
        available = static_cast<std::size_t>(kb) * 1024;
        break;
      }
    }
    std::fclose(f);
  }
  unsigned long long limit = 0;
  unsigned long long used = 0;
  if (ReadNumber("/sys/fs/cgroup/memory.max", &limit) && ReadNumber("/sys/fs/cgroup/memory.current", &used)) {
    const std::size_t room = used < limit ? static_cast<std::size_t>(limit - used) : 0;
    if (room < available) available = room;
  }
  return available;
}

}  // namespace warpsafe::engine::runtime
