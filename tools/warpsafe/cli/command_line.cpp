#include "cli/command_line.h"

#include <cerrno>
#include <cstdlib>
#include <functional>
#include <map>

#include "cli/nvcc_options.h"
#include "frontend/translate.h"

namespace warpsafe::cli {
namespace {

// The limits the engine enforces (engine/src/options.h), checked here so that a bad value costs
// no compilation.
constexpr std::uint64_t kMaxWorkers = 4096;
constexpr std::uint64_t kMaxHangSeconds = 86400;

std::optional<std::uint64_t> ParseUnsigned(const std::string& text, bool* out_of_range = nullptr) {
  if (out_of_range != nullptr) *out_of_range = false;
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  errno = 0;
  const unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE) {
    if (out_of_range != nullptr) *out_of_range = true;
    return std::nullopt;
  }
  return v;
}

// "256K", "1M", "65536": bytes (the suffixes the engine accepts in WARPSAFE_STACK_SIZE).
std::optional<std::uint64_t> ParseBytes(std::string text) {
  std::uint64_t scale = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'k': case 'K': scale = 1024; break;
      case 'm': case 'M': scale = 1024 * 1024; break;
      default: break;
    }
    if (scale != 1) text.pop_back();
  }
  const std::optional<std::uint64_t> v = ParseUnsigned(text);
  if (!v || *v == 0) return std::nullopt;
  return *v * scale;
}

// `join-passes -o DIR --device OBJ... --host OBJ...`: build systems' step between compiling the
// two passes of translated files and linking them (pass_join.h).
ParseResult ParseJoinPasses(const std::vector<std::string>& args) {
  ParseResult r;
  CommandLine cl;
  cl.command = Subcommand::kJoinPasses;
  std::vector<std::string>* list = nullptr;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-o" && i + 1 < args.size()) {
      cl.output = args[++i];
    } else if (a == "--device") {
      list = &cl.device_objects;
    } else if (a == "--host") {
      list = &cl.host_objects;
    } else if (a == "-v" || a == "--verbose") {
      cl.verbose = true;
    } else if (list != nullptr && !a.empty() && a[0] != '-') {
      list->push_back(a);
    } else {
      r.error = "unexpected argument '" + a + "' (usage: warpsafe join-passes -o DIR --device OBJ... --host OBJ...)";
      return r;
    }
  }
  if (cl.output.empty()) {
    r.error = "`warpsafe join-passes` needs -o DIR";
    return r;
  }
  r.line = cl;
  return r;
}

// `device-pass [-v] -- COMMAND...` and `host-pass [-v] [--arch sm_XY] -- COMMAND...`: the compiler
// launchers of a single-file program's two passes (pass_equivalence.h).
ParseResult ParsePassLauncher(const std::vector<std::string>& args) {
  ParseResult r;
  CommandLine cl;
  const bool host = args[0] == "host-pass";
  cl.command = host ? Subcommand::kHostPass : Subcommand::kDevicePass;
  const std::string usage = host ? "warpsafe host-pass [-v] [--arch sm_XY] -- COMMAND..."
                                 : "warpsafe device-pass [-v] -- COMMAND...";
  std::size_t i = 1;
  for (; i < args.size() && args[i] != "--"; ++i) {
    if (args[i] == "-v" || args[i] == "--verbose") {
      cl.verbose = true;
    } else if (host && args[i] == "--arch" && i + 1 < args.size() && frontend::ParseArch(args[i + 1]) != 0) {
      cl.arch = args[++i];
    } else {
      r.error = "unexpected argument '" + args[i] + "' (usage: " + usage + ")";
      return r;
    }
  }
  if (i + 1 >= args.size()) {
    r.error = "`warpsafe " + args[0] + "` needs -- COMMAND...";
    return r;
  }
  cl.program_args.assign(args.begin() + static_cast<long>(i) + 1, args.end());
  r.line = cl;
  return r;
}

// `build-module FILE -o OUT [--instrumented] [--arch sm_XY] [-I DIR] [-D NAME[=VALUE]] [-Xcompiler=OPT]`:
// the engine's NVRTC builds the program it was given with it (engine/src/nvrtc/compile.h). Every
// value is its own word or follows `=`, as the engine writes them.
ParseResult ParseBuildModule(const std::vector<std::string>& args) {
  ParseResult r;
  CommandLine cl;
  cl.command = Subcommand::kBuildModule;
  cl.all_cuda = true;
  const std::string usage =
      " (usage: warpsafe build-module FILE -o OUT [--instrumented] [--arch sm_XY] [-I DIR] [-D NAME] [-Xcompiler=OPT])";
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_next = i + 1 < args.size();
    if (a == "-o" && has_next) {
      cl.output = args[++i];
    } else if (a == "--arch" && has_next && frontend::ParseArch(args[i + 1]) != 0) {
      cl.arch = args[++i];
      cl.arch_given = true;
    } else if (a == "-I" && has_next) {
      cl.include_dirs.push_back(args[++i]);
    } else if (a == "-D" && has_next && !args[i + 1].empty() && args[i + 1][0] != '=') {
      cl.defines.push_back(args[++i]);
    } else if (a.rfind("-Xcompiler=", 0) == 0 && a.size() > 11) {
      cl.compiler_options.push_back(a.substr(11));
    } else if (a == "--instrumented") {
      cl.instrumented = true;
    } else if (a == "-v" || a == "--verbose") {
      cl.verbose = true;
    } else if (!a.empty() && a[0] != '-' && cl.file.empty()) {
      cl.file = a;
      cl.files.push_back(a);
    } else {
      r.error = "unexpected argument '" + a + "'" + usage;
      return r;
    }
  }
  if (cl.file.empty() || cl.output.empty()) {
    r.error = "`warpsafe build-module` needs FILE and -o OUT" + usage;
    return r;
  }
  r.line = cl;
  return r;
}

bool IsSourceName(const std::string& a) {
  for (const char* ext : {".cu", ".cpp", ".cc", ".cxx", ".c++", ".C", ".c"}) {
    const std::size_t n = std::char_traits<char>::length(ext);
    if (a.size() > n && a.compare(a.size() - n, n, ext) == 0) return true;
  }
  return false;
}

}  // namespace

ParseResult ParseCommandLine(const std::vector<std::string>& args) {
  ParseResult r;
  CommandLine cl;
  if (args.empty()) {
    r.error = "no command given (try `warpsafe --help`)";
    return r;
  }
  const std::string& sub = args[0];
  if (sub == "--help" || sub == "-h" || sub == "help") {
    cl.command = Subcommand::kHelp;
    if (sub == "help" && args.size() > 1) cl.help_topic = args[1];
    r.line = cl;
    return r;
  }
  if (sub == "--version" || sub == "version") {
    cl.command = Subcommand::kVersion;
    r.line = cl;
    return r;
  }
  if (sub == "join-passes") return ParseJoinPasses(args);
  if (sub == "device-pass" || sub == "host-pass") return ParsePassLauncher(args);
  if (sub == "build-module") return ParseBuildModule(args);
  if (sub == "run") {
    cl.command = Subcommand::kRun;
  } else if (sub == "build") {
    cl.command = Subcommand::kBuild;
  } else if (sub == "translate") {
    cl.command = Subcommand::kTranslate;
  } else if (sub == "check") {
    cl.command = Subcommand::kCheck;
  } else {
    r.error = "unknown command '" + sub + "' (commands: run, build, translate, check; try `warpsafe --help`)";
    return r;
  }
  const bool run = cl.command == Subcommand::kRun;
  const bool build = cl.command == Subcommand::kBuild;
  const bool translate = cl.command == Subcommand::kTranslate;
  const bool check = cl.command == Subcommand::kCheck;

  // Flags that take a value accept `--flag V` and `--flag=V`; -I, -D and -o also `-IDIR`.
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string a = args[i];
    if (a == "--" && (run || check)) {
      cl.program_args.assign(args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    }
    if (a == "-h" || a == "--help") {
      cl.command = Subcommand::kHelp;
      cl.help_topic = sub;
      r.line = cl;
      return r;
    }
    std::string flag = a;
    std::optional<std::string> value;
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos) {
      flag = a.substr(0, a.find('='));
      value = a.substr(a.find('=') + 1);
    } else if (a.size() > 2 && (a.rfind("-I", 0) == 0 || a.rfind("-D", 0) == 0 || a.rfind("-o", 0) == 0)) {
      flag = a.substr(0, 2);
      value = a.substr(2);
    }
    auto take = [&]() -> std::optional<std::string> {
      if (value) return value;
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    auto needs_value = [&](const std::string& what) {
      r.error = "option " + flag + " of `warpsafe " + sub + "` needs " + what;
    };
    auto bad_value = [&](const std::string& v, const std::string& expected) {
      r.error = "bad value '" + v + "' for " + flag + " (expected " + expected + ")";
    };
    auto out_of_range = [&](const std::string& v, const std::string& expected) {
      r.error = "value '" + v + "' for " + flag + " out of range (expected " + expected + ")";
    };
    // A decimal number in [lo, hi]; sets the error (bad value, or out of range) otherwise.
    auto number = [&](const std::string& v, std::uint64_t lo, std::uint64_t hi,
                      const std::string& expected) -> std::optional<std::uint64_t> {
      bool too_large = false;
      const std::optional<std::uint64_t> n = ParseUnsigned(v, &too_large);
      if (too_large || (n && (*n < lo || *n > hi))) {
        out_of_range(v, expected);
        return std::nullopt;
      }
      if (!n) bad_value(v, expected);
      return n;
    };
    const bool takes_value = flag == "--arch" || flag == "-I" || flag == "-D" || flag == "-o" ||
                             flag == "--schedule" || flag == "--seed" || flag == "--workers" ||
                             flag == "--stack-size" || flag == "--depfile" || flag == "--schedules" ||
                             flag == "--time-budget" || flag == "--policy" || flag == "--pct-depth" ||
                             flag == "--sarif" || flag == "--livelock-steps" || flag == "--hang-seconds" ||
                             flag == "--jobs" || flag == "--shard" || flag == "--trace" ||
                             flag == "--options-file";
    const bool allowed =
        flag == "--arch" || flag == "-I" || (flag == "-D" && !translate) || ((build || translate) && flag == "-o") ||
        (run && (flag == "--schedule" || flag == "--seed" || flag == "--workers" || flag == "--stack-size")) ||
        ((run || check) && (flag == "--livelock-steps" || flag == "--hang-seconds")) ||
        (translate && (flag == "--depfile" || flag == "--wrap-main" || flag == "--options-file")) ||
        (check && (flag == "--seed" || flag == "--schedules" || flag == "--time-budget" || flag == "--policy" ||
                   flag == "--pct-depth" || flag == "--sarif" || flag == "--jobs" || flag == "--shard" ||
                   flag == "--list-schedules" || flag == "--trace")) ||
        (!translate && (flag == "-v" || flag == "--verbose")) || (run && (flag == "-q" || flag == "--quiet"));
    if (!a.empty() && a[0] == '-' && a != "-") {
      if (!allowed) {
        // nvcc's own options, so that a build line works with `nvcc` replaced by `warpsafe run`.
        const NvccOption nvcc = translate ? NvccOption::kNotNvcc : TakeNvccOption(args, &i, &cl, &r.error);
        if (nvcc == NvccOption::kTaken) continue;
        if (nvcc == NvccOption::kError) return r;
        r.error = "unknown option '" + a + "' for `warpsafe " + sub + "` (try `warpsafe " + sub + " --help`)";
        return r;
      }
      if (!takes_value && value) {
        r.error = "option " + flag + " takes no value";
        return r;
      }
      std::optional<std::string> v;
      if (takes_value) {
        v = take();
        if (!v) {
          needs_value("a value");
          return r;
        }
      }
      if (flag == "--arch") {
        if (frontend::ParseArch(*v) == 0) {
          bad_value(*v, "sm_60 (Pascal portability mode), sm_70, sm_75, sm_80, sm_86, sm_89 or sm_90");
          return r;
        }
        cl.arch = *v;
        cl.arch_given = true;
        cl.arch_from_nvcc = false;
      } else if (flag == "-I") {
        if (v->empty()) return needs_value("a directory"), r;
        cl.include_dirs.push_back(*v);
      } else if (flag == "-D") {
        if (v->empty() || (*v)[0] == '=') return needs_value("NAME or NAME=VALUE"), r;
        cl.defines.push_back(*v);
      } else if (flag == "-o") {
        if (v->empty()) return needs_value("a file name"), r;
        cl.output = *v;
      } else if (flag == "--schedule") {
        if (*v != "lockstep" && *v != "random" && *v != "pct" && *v != "runahead")
          return bad_value(*v, "lockstep, random, pct or runahead"), r;
        cl.schedule = *v;
      } else if (flag == "--seed") {
        cl.seed = number(*v, 0, ~0ull, "an integer from 0 to 18446744073709551615");
        if (!cl.seed) return r;
      } else if (flag == "--workers") {
        const std::optional<std::uint64_t> n =
            number(*v, 0, kMaxWorkers, "a number of threads from 1 to 4096, or 0 for one per core");
        if (!n) return r;
        cl.workers = static_cast<unsigned>(*n);
      } else if (flag == "--livelock-steps") {
        cl.livelock_steps = number(*v, 1, ~0ull, "a positive number of scheduling steps");
        if (!cl.livelock_steps) return r;
      } else if (flag == "--hang-seconds") {
        const std::optional<std::uint64_t> n = number(*v, 1, kMaxHangSeconds, "1 to 86400 seconds");
        if (!n) return r;
        cl.hang_seconds = static_cast<unsigned>(*n);
      } else if (flag == "--stack-size") {
        // The engine's bounds (options.cpp), checked here so a bad value costs no compilation.
        cl.stack_size = ParseBytes(*v);
        if (!cl.stack_size || *cl.stack_size < 16 * 1024 || *cl.stack_size > (1ull << 30))
          return bad_value(*v, "16K to 1024M bytes"), r;
      } else if (flag == "--options-file") {
        cl.options_file = *v;
      } else if (flag == "--depfile") {
        if (v->empty()) return needs_value("a file name"), r;
        cl.depfile = *v;
      } else if (flag == "--schedules") {
        cl.schedules = ParseUnsigned(*v);
        if (!cl.schedules || *cl.schedules > 1000000) return bad_value(*v, "0 to 1000000"), r;
      } else if (flag == "--time-budget") {
        char* end = nullptr;
        const double seconds = std::strtod(v->c_str(), &end);
        if (v->empty() || *end != '\0' || !(seconds > 0) || seconds > 1e6)
          return bad_value(*v, "a positive number of seconds"), r;
        cl.time_budget = seconds;
      } else if (flag == "--policy") {
        if (*v != "random" && *v != "pct" && *v != "runahead" && *v != "all")
          return bad_value(*v, "random, pct, runahead or all"), r;
        cl.policy = *v;
      } else if (flag == "--pct-depth") {
        const std::optional<std::uint64_t> d = ParseUnsigned(*v);
        if (!d || *d == 0 || *d > 64) return bad_value(*v, "1 to 64"), r;
        cl.pct_depth = static_cast<unsigned>(*d);
      } else if (flag == "--sarif") {
        if (v->empty()) return needs_value("a file name"), r;
        cl.sarif = *v;
      } else if (flag == "--jobs") {
        const std::optional<std::uint64_t> n = number(*v, 1, 1024, "1 to 1024 schedules at once");
        if (!n) return r;
        cl.jobs = static_cast<unsigned>(*n);
      } else if (flag == "--shard") {
        const std::size_t slash = v->find('/');
        const std::optional<std::uint64_t> index = ParseUnsigned(v->substr(0, slash));
        const std::optional<std::uint64_t> count =
            slash == std::string::npos ? std::nullopt : ParseUnsigned(v->substr(slash + 1));
        if (!index || !count || *count == 0 || *count > 100000 || *index == 0 || *index > *count)
          return bad_value(*v, "I/N with 1 <= I <= N <= 100000"), r;
        cl.shard_index = static_cast<unsigned>(*index);
        cl.shard_count = static_cast<unsigned>(*count);
      } else if (flag == "--list-schedules") {
        cl.list_schedules = true;
      } else if (flag == "--trace") {
        if (v->empty()) return needs_value("a file name"), r;
        cl.trace = *v;
      } else if (flag == "--wrap-main") {
        cl.wrap_main = true;
      } else if (flag == "-v" || flag == "--verbose") {
        cl.verbose = true;
      } else if (flag == "-q" || flag == "--quiet") {
        cl.quiet = true;
      }
      continue;
    }
    if (!cl.file.empty() && translate) {
      r.error = "unexpected argument '" + a + "' (one FILE.cu at a time)";
      return r;
    }
    // More sources after the first: .cu and host C++ files (a word without such an extension is
    // taken for a misplaced program argument).
    if (!cl.file.empty() && !IsSourceName(a)) {
      r.error = "unexpected argument '" + a + "' (arguments for the program go after `--`)";
      return r;
    }
    if (cl.file.empty()) cl.file = a;
    cl.files.push_back(a);
  }
  if (cl.file.empty()) {
    r.error = "`warpsafe " + sub + "` needs a FILE.cu";
    return r;
  }
  if ((build || translate) && cl.output.empty()) {
    r.error = "`warpsafe " + sub + "` needs -o " + (build ? "EXECUTABLE" : "OUT.cpp");
    return r;
  }
  if (run || build || check) cl.wrap_main = true;
  r.line = cl;
  return r;
}

std::string HelpText(const std::string& topic) {
  static const std::map<std::string, std::string> kTopics = {
      {"run",
       "usage: warpsafe run FILE... [options] [-- ARGS...]\n"
       "\n"
       "Translates FILE... (.cu files and host .cpp files), compiles them against the engine as nvcc\n"
       "would (device and host passes; cached), and runs the program with ARGS. The exit\n"
       "status is the program's (128+N if it is killed by signal N).\n"
       "\n"
       "  --schedule lockstep|random|pct|runahead\n"
       "                              how lanes are interleaved (default: random, or $WARPSAFE_SCHEDULE)\n"
       "  --seed N                    seed of the random schedule (default: 1, or $WARPSAFE_SEED)\n"
       "  --arch sm_XY                sm_70, sm_75, sm_80, sm_86, sm_89 or sm_90 (default sm_90);\n"
       "                              sm_60: Pascal portability mode (pre-Volta warp rules)\n"
       "  --workers N                 OS threads that run blocks (0: one per core; at most 4096)\n"
       "  --stack-size BYTES          stack of each GPU thread (K and M suffixes accepted)\n"
       "  --hang-seconds S            report a thread that reaches no scheduling point for S seconds (default 60)\n"
       "  --livelock-steps N          report a block that makes no progress in N scheduling steps\n"
       "  -I DIR, -D NAME[=VALUE]     as for a C++ compiler\n"
       "  nvcc's options              as on an nvcc command line: -arch=sm_80, -gencode ..., -Xcompiler O,\n"
       "                              -std=c++20, -lNAME, -x cu; GPU code generation options (-O3,\n"
       "                              -lineinfo, -Xptxas ...) have no effect\n"
       "  -v, --verbose               say which cache is used, and whether the program is compiled or\n"
       "                              taken from it\n"
       "  -q, --quiet                 no progress line (shown on a terminal when a launch runs for 3 s)\n"
       "\n"
       "Everything after `--` is the program's, even words that look like warpsafe's options.\n"},
      {"build",
       "usage: warpsafe build FILE... -o EXE [--arch sm_XY] [-I DIR] [-D NAME[=VALUE]] [-v]\n"
       "\n"
       "Builds a standalone executable. It takes the engine's options only before a `--` (or from the\n"
       "WARPSAFE_* environment); without a `--`, every argument is the program's:\n"
       "  EXE [--schedule S] [--seed N] [--workers N] [--stack-size B] [--livelock-steps N]\n"
       "      [--hang-seconds S] -- ARGS...\n"},
      {"check",
       "usage: warpsafe check FILE... [options] [-- ARGS...]\n"
       "\n"
       "Builds FILE.cu with memory-access instrumentation (clang++-14, cached) and runs it once under\n"
       "lockstep, then under up to N schedules of independent thread scheduling. Stops at the first\n"
       "defect: prints the report with the command that replays it and exits 66. A run that fails\n"
       "(non-zero exit, signal, device assert) where lockstep passed is a schedule-dependent failure.\n"
       "With none found, prints one summary line and exits 0.\n"
       "\n"
       "  --schedules N               schedules after the lockstep baseline (default 50; 0: baseline only)\n"
       "  --time-budget SECONDS       start no schedule after this (default 60)\n"
       "  --policy P                  random, pct, runahead, or all: the three in turn (default all)\n"
       "  --pct-depth D               PCT's bug depth d: d-1 priority change points (default: the engine's)\n"
       "  --seed S                    seed of the first schedule, then S+1, S+2, ... (default 1)\n"
       "  --arch sm_XY                sm_70, sm_75, sm_80, sm_86, sm_89 or sm_90 (default sm_90);\n"
       "                              sm_60: Pascal portability mode (pre-Volta warp rules)\n"
       "  -I DIR, -D NAME[=VALUE]     as for a C++ compiler\n"
       "  nvcc's options              as `warpsafe run` takes them (-arch=sm_80, -Xcompiler O, -lNAME, ...)\n"
       "  --sarif OUT                 also write the finding (or none) as a SARIF 2.1.0 log\n"
       "  --jobs N                    schedules run at once (default: the cores); same report as 1\n"
       "  --shard I/N                 explore only the I-th of N disjoint slices of the schedules\n"
       "  --list-schedules            print the schedules that would run (index, policy, seed); run none\n"
       "  --trace OUT.html            for a finding, also write its interleaving as a web page\n"
       "  --hang-seconds S            report a thread that reaches no scheduling point for S seconds (default 60)\n"
       "  --livelock-steps N          report a block that makes no progress in N scheduling steps\n"
       "  -v, --verbose               say which cache is used, and whether the program is compiled or\n"
       "                              taken from it\n"
       "\n"
       "Everything after `--` is the program's, even words that look like warpsafe's options.\n"},
      {"translate",
       "usage: warpsafe translate FILE.cu -o OUT.cpp [--arch sm_XY] [--wrap-main] [--depfile F]\n"
       "                          [--options-file F] [-I DIR]\n"
       "\n"
       "Writes the C++ that the host compiler builds (what cmake/Warpsafe.cmake uses). --wrap-main gives\n"
       "the program the engine's main; --depfile writes FILE.cu and every inlined header in Make syntax;\n"
       "--options-file writes the options its compiles need besides the file (CCCL's rewritten headers\n"
       "first on the include path), one a line, for the compiler's @FILE.\n"},
  };
  auto it = kTopics.find(topic);
  if (it != kTopics.end()) return it->second;
  return "usage: warpsafe COMMAND FILE.cu [options]\n"
         "\n"
         "Runs unmodified CUDA C++ programs on the CPU: every GPU thread is a fiber and every warp\n"
         "intrinsic has its documented semantics, so code that assumes lockstep execution fails here.\n"
         "\n"
         "commands:\n"
         "  run FILE.cu [options] [-- ARGS]   compile (cached) and run\n"
         "  build FILE.cu -o EXE              build a standalone executable\n"
         "  translate FILE.cu -o OUT.cpp      write the translated C++ (for build systems)\n"
         "  check FILE.cu [options] [-- ARGS] explore schedules for races and schedule-dependent bugs\n"
         "\n"
         "  warpsafe COMMAND --help           options of a command\n"
         "  warpsafe --version\n"
         "\n"
         "exit status: the program's (run); 0 no defect found (check); 64 bad usage, 65 FILE.cu does not\n"
         "compile, 66 the engine reported a defect (or check found one), 67 FILE.cu cannot be read,\n"
         "69 no usable compiler, 70 a bug in warpsafe, 73 an output (-o, the cache) cannot be created.\n";
}

}  // namespace warpsafe::cli
