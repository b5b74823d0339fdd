// The main() of programs built by `warpsafe run` / `warpsafe build` (see warpsafe/engine/main.h).
#include "warpsafe/engine/main.h"

#include <unistd.h>  // environ

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fiber/fault_handler.h"
#include "options.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

namespace {

std::string ShellQuote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

[[noreturn]] void Usage(const char* program, const std::string& problem) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "warpsafe: %s\n"
               "usage: %s [ENGINE OPTIONS --] [program arguments...]\n"
               "  engine options (only before a `--`; without one, every argument is the program's):\n"
               "  --schedule lockstep|random|pct|runahead  --seed N  --workers N  --stack-size BYTES\n"
               "  --livelock-steps N  --hang-seconds S\n"
               "(the same options are read from WARPSAFE_SCHEDULE, WARPSAFE_SEED, ... in the environment)\n",
               problem.c_str(), program);
  std::exit(kExitUsage);
}

// Parses `value` as a decimal number in [lo, hi]; a usage error naming `flag` otherwise.
std::uint64_t Number(const char* program, const std::string& flag, const std::string& value, std::uint64_t lo,
                     std::uint64_t hi, const std::string& range) {
  if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
    Usage(program, "bad value for " + flag + ": '" + value + "' (expected " + range + ")");
  errno = 0;
  const unsigned long long v = std::strtoull(value.c_str(), nullptr, 10);
  if (errno == ERANGE || v < lo || v > hi)
    Usage(program, "value for " + flag + " out of range: '" + value + "' (expected " + range + ")");
  return v;
}

// The engine's options in argv[1, end): each a known flag, as `--flag V` or `--flag=V`.
void ParseEngineOptions(int end, char** argv, Options* options) {
  const char* program = argv[0] != nullptr ? argv[0] : "program";
  for (int i = 1; i < end; ++i) {
    std::string flag = argv[i];
    std::string value;
    const auto eq = flag.find('=');
    if (flag.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    } else {
      const bool known = flag == "--schedule" || flag == "--seed" || flag == "--workers" ||
                         flag == "--stack-size" || flag == "--livelock-steps" || flag == "--hang-seconds";
      if (!known) {
        Usage(program, "unknown engine option '" + flag +
                           "' (only engine options go before `--`; the program's arguments go after it)");
      }
      if (i + 1 >= end) Usage(program, flag + " needs a value");
      value = argv[++i];
    }
    if (flag == "--schedule") {
      if (!ParseSchedule(value, &options->schedule))
        Usage(program, "bad value for --schedule: '" + value + "' (expected lockstep, random, pct or runahead)");
    } else if (flag == "--seed") {
      options->seed = Number(program, flag, value, 0, ~0ull, "0 to 18446744073709551615");
    } else if (flag == "--workers") {
      options->workers = static_cast<unsigned>(
          Number(program, flag, value, 0, kMaxWorkers, "0 (one per core) to " + std::to_string(kMaxWorkers)));
    } else if (flag == "--stack-size") {
      options->stack_size = Number(program, flag, value, 16 * 1024, 1ull << 30, "16384 to 1073741824 bytes");
    } else if (flag == "--livelock-steps") {
      options->livelock_steps = Number(program, flag, value, 1, ~0ull, "a positive number of steps");
    } else if (flag == "--hang-seconds") {
      options->hang_seconds = static_cast<unsigned>(Number(program, flag, value, 1, 86400, "1 to 86400"));
    } else {
      Usage(program, "unknown engine option '" + flag +
                         "' (only engine options go before `--`; the program's arguments go after it)");
    }
  }
}

// Written out before the program's static destructors run, and before a crash in one of them
// could lose it (exit() itself flushes stdio only after them).
void FlushStdout() { std::fflush(stdout); }

}  // namespace

char** ProcessEnvironment() { return environ; }

int EngineMain(int argc, char** argv, UserMain user_main) {
  InstallFaultHandler();
  Options options = GetOptions();
  const char* program = argc > 0 ? argv[0] : "program";
  // Engine options come only before the first `--`: without one, every argument is the program's,
  // so a program that takes its own --seed is never reseeded behind its back.
  int separator = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) {
      separator = i;
      break;
    }
  }
  if (separator != 0) ParseEngineOptions(separator, argv, &options);
  const int first_arg = separator != 0 ? separator + 1 : 1;
  std::vector<char*> args;
  args.push_back(argv[0]);
  for (int k = first_arg; k < argc; ++k) args.push_back(argv[k]);
  args.push_back(nullptr);
  if (options.replay.empty()) {
    std::string replay = ShellQuote(program) + " --schedule " + ScheduleName(options.schedule) + " --seed " +
                         std::to_string(options.seed) + " --";
    for (int k = first_arg; k < argc; ++k) replay += " " + ShellQuote(argv[k]);
    options.replay = replay;
  }
  SetOptions(options);
  std::atexit(FlushStdout);
  const int status = user_main(static_cast<int>(args.size() - 1), args.data());
  std::fflush(stdout);
  return status;
}

}  // namespace warpsafe::engine
