#include "cli/commands.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include "cli/compile_limits.h"
#include "cli/exit_status.h"
#include "cli/process.h"
#include "cli/program_cache.h"
#include "cli/program_main.h"
#include "cli/toolchain.h"
#include "frontend/translate.h"
#include "toolchain_config.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;
using engine::kExitCompileError;
using engine::kExitInternal;
using engine::kExitNoInput;
using engine::kExitToolchain;

namespace {

void Say(const std::string& message) { std::cerr << "warpsafe: " << message << std::endl; }

// FILE.cu's contents, or nullopt after saying why not.
std::optional<std::string> ReadSource(const std::string& file) {
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    Say("cannot read " + file + ": no such file");
    return std::nullopt;
  }
  if (fs::is_directory(file, ec)) {
    Say("cannot read " + file + ": it is a directory");
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    Say("cannot read " + file + ": " + std::strerror(errno));
    return std::nullopt;
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    Say("cannot read " + file + ": I/O error");
    return std::nullopt;
  }
  return text;
}

// Translates FILE.cu; prints the front end's errors. nullopt: FILE.cu does not compile.
std::optional<frontend::TranslateResult> TranslateFile(const CommandLine& cl, const std::string& source) {
  frontend::TranslateOptions options;
  options.arch = frontend::ParseArch(cl.arch);
  options.wrap_main = cl.wrap_main;
  options.include_dirs = cl.include_dirs;
  // warpsafe's own library is on every program's include path (toolchain.cpp); its headers hold
  // kernels, launches and __shared__ declarations, so the front end must rewrite them too.
  options.include_dirs.push_back(Layout().library_include_dir);
  frontend::TranslateResult result = frontend::Translate(cl.file, source, options);
  if (!result.errors.empty()) {
    PrintFrontEndErrors(result.errors);
    Say(cl.file + " does not compile (front end)");
    return std::nullopt;
  }
  if (cl.wrap_main && !NamesMain(result.text)) {
    Say("no `main` in " + cl.file + " (a program needs one to be run)");
    return std::nullopt;
  }
  return result;
}

std::string UserDir(const std::string& file) {
  return fs::absolute(file).lexically_normal().parent_path().string();
}

// Compiles and links `cpp` into `exe`, which the caller then renames into place. Returns 0 or the
// exit status to leave with (the compiler's diagnostics are already on stderr).
int Compile(const CommandLine& cl, const std::string& cpp, const std::string& exe, const std::string& depfile,
            bool instrumented = false) {
  CompileRequest request{cpp, exe, depfile, UserDir(cl.file), cl.include_dirs, cl.defines, instrumented};
  const std::vector<std::string> cmd = CompileCommand(request);
  if (cl.verbose) Say("compiling " + cl.file + ": " + ShellJoin(cmd));
  const std::optional<unsigned> time_limit = CompileTimeLimit();
  if (!time_limit) return engine::kExitUsage;
  ProcessSpec compile;
  compile.executable = cmd[0];
  compile.argv = cmd;
  compile.timeout_seconds = *time_limit;
  compile.max_errors = kMaxShownErrors;
  const ProcessStatus st = RunProcess(compile);
  if (!st.started) {
    Say("no usable C++ compiler: cannot start '" + cmd[0] + "' (" + std::strerror(st.spawn_error) + ")");
    return kExitToolchain;
  }
  if (st.signal != 0 || st.exit_code != 0) {
    std::error_code ec;
    fs::remove(exe, ec);
    Say(CompileFailure(cl.file, st, *time_limit));
    return kExitCompileError;
  }
  return 0;
}

// How the cache directory was chosen, for -v.
std::string CacheReason(const std::string& why) {
  if (why == "WARPSAFE_CACHE_DIR") return "from WARPSAFE_CACHE_DIR";
  if (why == "XDG_CACHE_HOME") return "the default under XDG_CACHE_HOME";
  if (why == "HOME") return "the default under HOME";
  return "the fallback in the temporary directory: the preferred one is not usable";
}

// Why `path` cannot be created, or "" when its directory exists and is writable.
std::string WhyNotWritable(const std::string& path) {
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!fs::exists(dir, ec)) return "the directory " + dir.string() + " does not exist";
  if (!fs::is_directory(dir, ec)) return dir.string() + " is not a directory";
  if (access(dir.c_str(), W_OK | X_OK) != 0) return "the directory " + dir.string() + " is not writable";
  if (fs::is_directory(path, ec)) return "it is a directory";
  return "";
}

bool Publish(const std::string& tmp, const std::string& path) {
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (!ec) return true;
  Say("cannot write " + path + ": " + ec.message());
  fs::remove(tmp, ec);
  return false;
}

// The command that reruns this program exactly: the effective schedule and seed are pinned.
std::string ReplayCommand(const CommandLine& cl, const std::string& invocation, const std::string& schedule,
                          const std::string& seed, const std::optional<std::string>& workers,
                          const std::optional<std::string>& stack) {
  std::vector<std::string> words{invocation, "run", cl.file, "--schedule", schedule, "--seed", seed, "--arch", cl.arch};
  for (const std::string& d : cl.include_dirs) words.insert(words.end(), {"-I", d});
  for (const std::string& d : cl.defines) words.insert(words.end(), {"-D", d});
  if (workers) words.insert(words.end(), {"--workers", *workers});
  if (stack) words.insert(words.end(), {"--stack-size", *stack});
  if (cl.livelock_steps) words.insert(words.end(), {"--livelock-steps", std::to_string(*cl.livelock_steps)});
  if (cl.hang_seconds) words.insert(words.end(), {"--hang-seconds", std::to_string(*cl.hang_seconds)});
  if (!cl.program_args.empty()) {
    words.push_back("--");
    words.insert(words.end(), cl.program_args.begin(), cl.program_args.end());
  }
  return ShellJoin(words);
}

std::optional<std::string> Env(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

}  // namespace

int BuildCachedProgram(const CommandLine& cl, bool instrumented, std::string* exe_out) {
  const std::optional<std::string> source = ReadSource(cl.file);
  if (!source) return kExitNoInput;
  const std::optional<frontend::TranslateResult> translated = TranslateFile(cl, *source);
  if (!translated) return kExitCompileError;
  if (const std::optional<std::string> problem = ToolchainProblem(instrumented)) {
    Say(*problem);
    return kExitToolchain;
  }
  const CacheChoice cache = ChooseCacheDirectory();
  // A directory refused for safety is said always; one that merely could not be created, with -v.
  for (const std::string& refusal : cache.refusals) {
    const bool unsafe = refusal.find("who could plant") != std::string::npos;
    if (cl.verbose || unsafe) Say("not using the cache directory " + refusal);
  }
  if (cache.dir.empty()) {
    Say("no cache directory can be used (set WARPSAFE_CACHE_DIR to a directory of yours that only you can write)");
    return kExitCannotWrite;
  }
  if (cl.verbose) Say("cache: " + cache.dir + " (" + CacheReason(cache.why) + ")");
  const std::string& dir = cache.dir;

  // The key: everything known before compiling. Output names are placeholders so the key does not
  // depend on the temporary names. An instrumented build is another program: its own key.
  CompileRequest placeholder{"<source>",    "<output>",  "<depfile>", UserDir(cl.file),
                             cl.include_dirs, cl.defines, instrumented};
  Fingerprint fp;
  fp.Add(config::kVersion);
  if (instrumented) fp.Add("instrumented");
  fp.Add(translated->text);
  for (const std::string& w : CompileCommand(placeholder)) fp.Add(w);
  fp.Add(FileIdentity(CompilerCommand(instrumented)[0]));
  fp.Add(FileIdentity(Layout().engine_library));
  fp.Add(FileIdentity(Layout().boost_context_library));
  const std::string key = fs::path(cl.file).stem().string() + (instrumented ? "-check-" : "-") + fp.Hex();
  const std::string exe = (fs::path(dir) / key).string();
  const std::string stamp = exe + ".stamp";

  if (access(exe.c_str(), X_OK) == 0 && StampValid(stamp)) {
    if (cl.verbose) Say("cache hit: " + exe);
  } else {
    const std::string cpp = exe + ".cpp";
    if (!WriteFileAtomically(cpp, translated->text)) {
      Say("cannot write " + cpp + " in the cache");
      return kExitCannotWrite;
    }
    const std::string suffix = UniqueSuffix();
    const std::string tmp = exe + suffix;
    const std::string depfile = exe + suffix + ".d";
    const int rc = Compile(cl, cpp, tmp, depfile, instrumented);
    // The stamp is published before the executable: whoever finds the executable finds its stamp.
    const bool stamped = rc == 0 && WriteStamp(depfile, stamp, cpp);
    std::error_code ec;
    fs::remove(depfile, ec);
    if (rc != 0) return rc;
    if (!stamped) fs::remove(stamp, ec);  // the entry is then rebuilt next time, never trusted stale
    if (!Publish(tmp, exe)) return kExitCannotWrite;
  }
  *exe_out = exe;
  return 0;
}

int RunCommand(const CommandLine& cl, const std::string& invocation) {
  std::string exe;
  if (const int rc = BuildCachedProgram(cl, /*instrumented=*/false, &exe); rc != 0) return rc;

  // The environment: flags override WARPSAFE_* variables; schedule and seed are always pinned so
  // that the replay command reproduces this run.
  const std::string schedule = cl.schedule.value_or(Env("WARPSAFE_SCHEDULE").value_or("random"));
  const std::string seed = cl.seed ? std::to_string(*cl.seed) : Env("WARPSAFE_SEED").value_or("1");
  const std::optional<std::string> workers =
      cl.workers ? std::optional<std::string>(std::to_string(*cl.workers)) : Env("WARPSAFE_WORKERS");
  const std::optional<std::string> stack =
      cl.stack_size ? std::optional<std::string>(std::to_string(*cl.stack_size)) : Env("WARPSAFE_STACK_SIZE");
  ProcessSpec spec;
  spec.executable = exe;
  spec.argv.push_back(fs::path(cl.file).replace_extension().string());
  spec.argv.push_back("--");  // the program's own arguments follow, whatever they look like
  spec.argv.insert(spec.argv.end(), cl.program_args.begin(), cl.program_args.end());
  spec.set_env = {"WARPSAFE_SCHEDULE=" + schedule, "WARPSAFE_SEED=" + seed,
                  "WARPSAFE_REPLAY=" + ReplayCommand(cl, invocation, schedule, seed, workers, stack)};
  if (workers) spec.set_env.push_back("WARPSAFE_WORKERS=" + *workers);
  if (stack) spec.set_env.push_back("WARPSAFE_STACK_SIZE=" + *stack);
  if (cl.livelock_steps) spec.set_env.push_back("WARPSAFE_LIVELOCK_STEPS=" + std::to_string(*cl.livelock_steps));
  if (cl.hang_seconds) spec.set_env.push_back("WARPSAFE_HANG_SECONDS=" + std::to_string(*cl.hang_seconds));
  if (cl.quiet) spec.set_env.push_back("WARPSAFE_PROGRESS=0");
  spec.forward_interrupts = true;
  const ProcessStatus st = RunProcess(spec);
  if (!st.started) {
    Say("cannot start " + exe + ": " + std::strerror(st.spawn_error));
    return kExitInternal;
  }
  if (st.signal != 0) {
    Say("program killed by signal " + std::to_string(st.signal) + " (" + SignalName(st.signal) + ")");
    return 128 + st.signal;
  }
  return st.exit_code;
}

int BuildCommand(const CommandLine& cl) {
  const std::optional<std::string> source = ReadSource(cl.file);
  if (!source) return kExitNoInput;
  if (const std::string why = WhyNotWritable(cl.output); !why.empty()) {
    Say("cannot write " + cl.output + ": " + why);
    return kExitCannotWrite;
  }
  const std::optional<frontend::TranslateResult> translated = TranslateFile(cl, *source);
  if (!translated) return kExitCompileError;
  if (const std::optional<std::string> problem = ToolchainProblem()) {
    Say(*problem);
    return kExitToolchain;
  }
  // The translated source sits beside the executable while it compiles (debug info names the
  // user's file through #line, so it is not needed afterwards).
  const std::string suffix = UniqueSuffix();
  const std::string cpp = cl.output + suffix + ".cpp";
  const std::string tmp = cl.output + suffix;
  if (!WriteFileAtomically(cpp, translated->text)) {
    Say("cannot write " + cl.output + " (nor a temporary file beside it)");
    return kExitCannotWrite;
  }
  const int rc = Compile(cl, cpp, tmp, "");
  std::error_code ec;
  fs::remove(cpp, ec);
  if (rc != 0) return rc;
  return Publish(tmp, cl.output) ? 0 : kExitCannotWrite;
}

int TranslateCommand(const CommandLine& cl) {
  const std::optional<std::string> source = ReadSource(cl.file);
  if (!source) return kExitNoInput;
  const std::optional<frontend::TranslateResult> translated = TranslateFile(cl, *source);
  if (!translated) return kExitCompileError;
  if (!WriteFileAtomically(cl.output, translated->text)) {
    const std::string why = WhyNotWritable(cl.output);
    Say("cannot write " + cl.output + (why.empty() ? "" : ": " + why));
    return kExitCannotWrite;
  }
  if (!cl.depfile.empty()) {
    const std::string target = fs::absolute(cl.output).lexically_normal().string();
    if (!WriteFileAtomically(cl.depfile, frontend::MakeDepfile(target, translated->dependencies))) {
      Say("cannot write " + cl.depfile);
      return kExitCannotWrite;
    }
  }
  return 0;
}

}  // namespace warpsafe::cli
