// The main() of programs built by `warpsafe run` / `warpsafe build` (see warpsafe/engine/main.h).
#include "warpsafe/engine/main.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

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
  std::fprintf(stderr,
               "warpsafe: %s\n"
               "usage: %s [--schedule lockstep|random] [--seed N] [--workers N] [--stack-size BYTES]\n"
               "          [--livelock-steps N] [--hang-seconds S] [--] [program arguments...]\n"
               "(the same options are read from WARPSAFE_SCHEDULE, WARPSAFE_SEED, ... in the environment)\n",
               problem.c_str(), program);
  std::exit(kExitUsage);
}

}  // namespace

int EngineMain(int argc, char** argv, UserMain user_main) {
  Options options = GetOptions();
  const char* program = argc > 0 ? argv[0] : "program";
  int i = 1;
  for (; i < argc; ++i) {
    std::string flag = argv[i];
    if (flag == "--") {
      ++i;
      break;
    }
    std::string value;
    const auto eq = flag.find('=');
    const bool known = flag.rfind("--schedule", 0) == 0 || flag.rfind("--seed", 0) == 0 ||
                       flag.rfind("--workers", 0) == 0 || flag.rfind("--stack-size", 0) == 0 ||
                       flag.rfind("--livelock-steps", 0) == 0 || flag.rfind("--hang-seconds", 0) == 0;
    if (!known) break;  // the program's own arguments start here
    if (eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    } else {
      if (i + 1 >= argc) Usage(program, flag + " needs a value");
      value = argv[++i];
    }
    auto number = [&](unsigned long long lo, unsigned long long hi) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(value.c_str(), &end, 10);
      if (value.empty() || value[0] == '-' || *end != '\0' || v < lo || v > hi)
        Usage(program, "bad value for " + flag + ": '" + value + "'");
      return v;
    };
    if (flag == "--schedule") {
      if (!ParseSchedule(value, &options.schedule)) Usage(program, "bad value for --schedule: '" + value + "'");
    } else if (flag == "--seed") {
      options.seed = number(0, ~0ull);
    } else if (flag == "--workers") {
      options.workers = static_cast<unsigned>(number(0, 4096));
    } else if (flag == "--stack-size") {
      options.stack_size = number(16 * 1024, 1ull << 30);
    } else if (flag == "--livelock-steps") {
      options.livelock_steps = number(1, ~0ull);
    } else if (flag == "--hang-seconds") {
      options.hang_seconds = static_cast<unsigned>(number(1, 86400));
    } else {
      Usage(program, "unknown option " + flag);
    }
  }
  std::vector<char*> args;
  args.push_back(argv[0]);
  for (int k = i; k < argc; ++k) args.push_back(argv[k]);
  args.push_back(nullptr);
  if (options.replay.empty()) {
    std::string replay = ShellQuote(program) + " --schedule " + ScheduleName(options.schedule) + " --seed " +
                         std::to_string(options.seed);
    if (i < argc) replay += " --";
    for (int k = i; k < argc; ++k) replay += " " + ShellQuote(argv[k]);
    options.replay = replay;
  }
  SetOptions(options);
  const int status = user_main(static_cast<int>(args.size() - 1), args.data());
  std::fflush(stdout);
  return status;
}

}  // namespace warpsafe::engine
