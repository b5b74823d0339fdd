// Device printf. Every translated program is linked with --wrap=printf,puts,putchar,vprintf (see
// engine/CMakeLists.txt): in host code these are the C library's; in a GPU thread the text goes
// to the block's buffer, printed in block order when the grid ends, as CUDA prints device output
// at the next synchronisation, so the output does not depend on how blocks were spread on cores.
#include <cstdarg>
#include <cstdio>
#include <string>

#include "sched/block.h"

using warpsafe::engine::CurrentLaneOrNull;
using warpsafe::engine::Lane;

extern "C" {
int __real_vprintf(const char* format, va_list args);
int __real_puts(const char* text);
int __real_putchar(int c);

int __wrap_vprintf(const char* format, va_list args) {
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) return __real_vprintf(format, args);
  va_list copy;
  va_copy(copy, args);
  char small[512];
  const int n = std::vsnprintf(small, sizeof small, format, copy);
  va_end(copy);
  if (n < 0) return n;
  std::string& out = lane->block->output();
  if (static_cast<std::size_t>(n) < sizeof small) {
    out.append(small, static_cast<std::size_t>(n));
  } else {
    std::string big(static_cast<std::size_t>(n) + 1, '\0');
    std::vsnprintf(big.data(), big.size(), format, args);
    out.append(big.data(), static_cast<std::size_t>(n));
  }
  return n;
}

int __wrap_printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = __wrap_vprintf(format, args);
  va_end(args);
  return n;
}

int __wrap_puts(const char* text) {
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) return __real_puts(text);
  lane->block->output().append(text).push_back('\n');
  return 1;
}

int __wrap_putchar(int c) {
  Lane* lane = CurrentLaneOrNull();
  if (lane == nullptr) return __real_putchar(c);
  lane->block->output().push_back(static_cast<char>(c));
  return c;
}
}
