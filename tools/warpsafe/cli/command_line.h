// The command line of `warpsafe`: subcommands, their flags, validation. Pure: no I/O, so every
// usage error is testable; the caller prints `error` and exits with kExitUsage.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpsafe::cli {

enum class Subcommand {
  kRun, kBuild, kTranslate, kCheck, kJoinPasses, kDevicePass, kHostPass, kBuildModule, kHelp, kVersion
};

struct CommandLine {
  Subcommand command = Subcommand::kHelp;
  std::string help_topic;  // `warpsafe run --help`: "run"
  std::string file;        // the first source file as given (names the program)
  std::vector<std::string> files;  // every source file (.cu, .cpp) as given, in order
  std::string output;      // -o
  std::string arch = "sm_90";
  bool arch_given = false;
  bool arch_from_nvcc = false;  // the architecture came from nvcc's -arch/-gencode (nvcc_options.h)
  std::optional<std::string> schedule;
  std::optional<std::uint64_t> seed;
  std::optional<unsigned> workers;
  std::optional<std::uint64_t> stack_size;
  std::optional<std::uint64_t> livelock_steps;  // --livelock-steps N (run, check)
  std::optional<unsigned> hang_seconds;         // --hang-seconds S (run, check)
  std::vector<std::string> include_dirs;
  std::vector<std::string> defines;  // NAME or NAME=VALUE
  // From nvcc's options (nvcc_options.h): for the host compiler (every compile and the link) and
  // for the link alone; and nvcc's `-x cu`, every source compiled as CUDA whatever its extension.
  std::vector<std::string> compiler_options;
  std::vector<std::string> link_options;
  bool all_cuda = false;
  std::vector<std::string> nvcc_words;  // those nvcc options as given, for replay commands
  bool wrap_main = false;
  std::string depfile;
  std::string options_file;  // translate --options-file: the passes' extra compile options
  bool verbose = false;
  bool quiet = false;  // -q, --quiet (run): no progress line
  std::vector<std::string> program_args;  // after `--` (run, check)
  // `warpsafe check` (check_options.h has the defaults):
  std::optional<std::uint64_t> schedules;  // --schedules N: schedules explored after the baseline
  std::optional<double> time_budget;       // --time-budget SECONDS: no new schedule starts after it
  std::string policy = "all";              // --policy random|pct|runahead|all
  std::optional<unsigned> pct_depth;       // --pct-depth D (WARPSAFE_PCT_DEPTH)
  std::string sarif;                       // --sarif OUT (empty: none)
  std::optional<unsigned> jobs;            // --jobs N: schedules run at once (default: the cores)
  unsigned shard_index = 1;                // --shard I/N: the I-th (1-based) of N slices
  unsigned shard_count = 1;
  bool list_schedules = false;             // --list-schedules: print the plan, run nothing
  std::string trace;                       // --trace OUT.html (empty: none)
  // `warpsafe join-passes -o DIR --device OBJ... --host OBJ...` (cmake/Warpsafe.cmake):
  std::vector<std::string> device_objects;
  std::vector<std::string> host_objects;
  // `warpsafe build-module FILE -o OUT.so [--instrumented] [--arch sm_XY] [-I DIR] [-D D] [-Xcompiler=OPT]`:
  // NVRTC's build of a runtime-compiled program (engine/src/nvrtc/compile.h); an instrumented one
  // for a program that `warpsafe check` built.
  bool instrumented = false;
  // `warpsafe device-pass -- COMMAND...` and `warpsafe host-pass --arch sm_XY -- COMMAND...` (compiler
  // launchers): COMMAND is in program_args.
};

struct ParseResult {
  std::optional<CommandLine> line;
  std::string error;  // set when line is empty: one sentence, no "warpsafe: " prefix
};

// `args` excludes argv[0].
ParseResult ParseCommandLine(const std::vector<std::string>& args);

// The help text: general (topic "") or for one subcommand.
std::string HelpText(const std::string& topic);

}  // namespace warpsafe::cli
