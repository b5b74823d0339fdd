#include "options.h"

#include <unistd.h>

#include <cstdio>
#include <atomic>
#include <cerrno>
#include <cstdlib>

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

namespace {

[[noreturn]] void BadValue(const char* name, const char* value, const char* expected) {
  std::fprintf(stderr, "warpsafe: bad value for %s: '%s' (expected %s)\n", name, value, expected);
  _exit(kExitUsage);
}

bool ParseUnsigned(const char* text, std::uint64_t* out) {
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || text[0] == '-') return false;
  std::uint64_t scale = 1;
  if (*end == 'k' || *end == 'K') scale = 1024, ++end;
  else if (*end == 'm' || *end == 'M') scale = 1024 * 1024, ++end;
  if (*end != '\0') return false;
  *out = v * scale;
  return true;
}

Options FromEnvironment() {
  Options o;
  if (const char* v = std::getenv("WARPSAFE_SCHEDULE")) {
    if (!ParseSchedule(v, &o.schedule)) BadValue("WARPSAFE_SCHEDULE", v, "lockstep, random, pct or runahead");
  }
  std::uint64_t n = 0;
  if (const char* v = std::getenv("WARPSAFE_SEED")) {
    if (!ParseUnsigned(v, &n)) BadValue("WARPSAFE_SEED", v, "an unsigned integer");
    o.seed = n;
  }
  if (const char* v = std::getenv("WARPSAFE_WORKERS")) {
    if (!ParseUnsigned(v, &n) || n > 4096) BadValue("WARPSAFE_WORKERS", v, "0 (one per core) to 4096");
    o.workers = static_cast<unsigned>(n);
  }
  if (const char* v = std::getenv("WARPSAFE_STACK_SIZE")) {
    if (!ParseUnsigned(v, &n) || n < 16 * 1024 || n > (1ull << 30)) BadValue("WARPSAFE_STACK_SIZE", v, "16K to 1024M bytes");
    o.stack_size = n;
  }
  if (const char* v = std::getenv("WARPSAFE_LIVELOCK_STEPS")) {
    if (!ParseUnsigned(v, &n) || n == 0) BadValue("WARPSAFE_LIVELOCK_STEPS", v, "a positive integer");
    o.livelock_steps = n;
  }
  if (const char* v = std::getenv("WARPSAFE_HANG_SECONDS")) {
    if (!ParseUnsigned(v, &n) || n == 0 || n > 86400) BadValue("WARPSAFE_HANG_SECONDS", v, "1 to 86400");
    o.hang_seconds = static_cast<unsigned>(n);
  }
  if (const char* v = std::getenv("WARPSAFE_PCT_DEPTH")) {
    if (!ParseUnsigned(v, &n) || n == 0 || n > 64) BadValue("WARPSAFE_PCT_DEPTH", v, "1 to 64");
    o.pct_depth = static_cast<unsigned>(n);
  }
  if (const char* v = std::getenv("WARPSAFE_PCT_STEPS")) {
    if (!ParseUnsigned(v, &n) || n == 0) BadValue("WARPSAFE_PCT_STEPS", v, "a positive integer");
    o.pct_steps = n;
  }
  if (const char* v = std::getenv("WARPSAFE_REPLAY")) o.replay = v;
  return o;
}

Options& Mutable() {
  static Options options = FromEnvironment();
  return options;
}

}  // namespace

std::atomic<std::uint64_t> g_launch_ordinal{0};

const Options& GetOptions() { return Mutable(); }
void SetOptions(const Options& options) {
  Mutable() = options;
  g_launch_ordinal.store(0);
}
std::uint64_t NextLaunchOrdinal() { return g_launch_ordinal.fetch_add(1); }

int RegisterArch(int cuda_arch) {
  Mutable().arch = cuda_arch / 10;
  return cuda_arch;
}

bool ParseSchedule(const std::string& text, Schedule* out) {
  if (text == "lockstep") *out = Schedule::kLockstep;
  else if (text == "random") *out = Schedule::kRandom;
  else if (text == "pct") *out = Schedule::kPct;
  else if (text == "runahead") *out = Schedule::kRunahead;
  else return false;
  return true;
}

const char* ScheduleName(Schedule schedule) {
  switch (schedule) {
    case Schedule::kLockstep: return "lockstep";
    case Schedule::kRandom: return "random";
    case Schedule::kPct: return "pct";
    case Schedule::kRunahead: return "runahead";
  }
  return "random";
}

}  // namespace warpsafe::engine
