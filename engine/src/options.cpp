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

[[noreturn]] void OutOfRange(const char* name, const char* value, const char* expected) {
  std::fprintf(stderr, "warpsafe: value of %s out of range: '%s' (expected %s)\n", name, value, expected);
  _exit(kExitUsage);
}

// $name as a decimal number with an optional K or M suffix, in [lo, hi]; false when unset. Not a
// number: BadValue; a number outside the range (or past 64 bits): OutOfRange.
bool EnvNumber(const char* name, std::uint64_t lo, std::uint64_t hi, const char* expected, std::uint64_t* out) {
  const char* text = std::getenv(name);
  if (text == nullptr) return false;
  if (*text < '0' || *text > '9') BadValue(name, text, expected);
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno == ERANGE) OutOfRange(name, text, expected);
  std::uint64_t scale = 1;
  if (*end == 'k' || *end == 'K') scale = 1024, ++end;
  else if (*end == 'm' || *end == 'M') scale = 1024 * 1024, ++end;
  if (*end != '\0') BadValue(name, text, expected);
  if (v > ~0ull / scale || v * scale < lo || v * scale > hi) OutOfRange(name, text, expected);
  *out = v * scale;
  return true;
}

Options FromEnvironment() {
  Options o;
  if (const char* v = std::getenv("WARPSAFE_SCHEDULE")) {
    if (!ParseSchedule(v, &o.schedule)) BadValue("WARPSAFE_SCHEDULE", v, "lockstep, random, pct or runahead");
  }
  std::uint64_t n = 0;
  if (EnvNumber("WARPSAFE_SEED", 0, ~0ull, "an unsigned 64-bit integer", &n)) o.seed = n;
  if (EnvNumber("WARPSAFE_WORKERS", 0, kMaxWorkers, "0 (one per core) to 4096", &n)) {
    o.workers = static_cast<unsigned>(n);
  }
  if (EnvNumber("WARPSAFE_STACK_SIZE", 16 * 1024, 1ull << 30, "16K to 1024M bytes", &n)) o.stack_size = n;
  if (EnvNumber("WARPSAFE_LIVELOCK_STEPS", 1, ~0ull, "a positive integer", &n)) o.livelock_steps = n;
  if (EnvNumber("WARPSAFE_HANG_SECONDS", 1, 86400, "1 to 86400", &n)) o.hang_seconds = static_cast<unsigned>(n);
  if (EnvNumber("WARPSAFE_PCT_DEPTH", 1, 64, "1 to 64", &n)) o.pct_depth = static_cast<unsigned>(n);
  if (EnvNumber("WARPSAFE_PCT_STEPS", 1, ~0ull, "a positive integer", &n)) o.pct_steps = n;
  if (const char* v = std::getenv("WARPSAFE_REPLAY")) o.replay = v;
  if (EnvNumber("WARPSAFE_PROGRESS", 0, 1, "0 (off) or 1 (on)", &n) && n == 0) o.progress_seconds = 0;
  if (o.progress_seconds != 0 && EnvNumber("WARPSAFE_PROGRESS_SECONDS", 1, 86400, "1 to 86400", &n)) {
    o.progress_seconds = static_cast<unsigned>(n);
  }
  return o;
}

// Never destroyed: atexit handlers and the program's static destructors may still launch kernels.
Options& Mutable() {
  static Options* options = new Options(FromEnvironment());
  return *options;
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
