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

#include "cli/cccl.h"
#include "cli/compile_limits.h"
#include "cli/exit_status.h"
#include "cli/include_policy.h"
#include "cli/openmp.h"
#include "cli/pass_equivalence.h"
#include "cli/pass_join.h"
#include "cli/precompiled_prologue.h"
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

bool IsCSource(const std::string& file) { return fs::path(file).extension().string() == ".c"; }

bool IsCudaSource(const std::string& file) {
  const std::string ext = fs::path(file).extension().string();
  return ext != ".cpp" && ext != ".cc" && ext != ".cxx" && ext != ".C" && ext != ".c++" && ext != ".c";
}

// One source file of the program as the compiler gets it.
struct Unit {
  std::string file;       // as the user gave it
  bool cuda = true;       // .cu (two passes) or host C++ (one)
  bool translated = true; // `text` is compiled (else the user's file itself: a .cpp without main)
  std::string text;       // the translated text, or the user's own
  std::string shadow_dir; // CCCL's shadow tree when the program includes CCCL (cccl.h)
  bool unoptimized = false;  // includes CCCL 2+'s device-wide algorithms: compiled at -O0 (cccl.h)
  bool c_language = false;   // a .c file: compiled as C, as nvcc has the host compiler do
  bool openmp = false;       // includes <omp.h>: compiled with OpenMP, and the program linked so (openmp.h)
};

// Translates FILE.cu; prints the front end's errors. nullopt: FILE.cu does not compile.
std::optional<frontend::TranslateResult> TranslateFile(const CommandLine& cl, const std::string& file,
                                                       const std::string& source, bool wrap_main) {
  frontend::TranslateOptions options;
  options.arch = frontend::ParseArch(cl.arch);
  options.wrap_main = wrap_main;
  // Not from CCCL or a toolkit: those headers reach the compiler through the shadow tree (cccl.h).
  for (const std::string& d : cl.include_dirs) {
    if (!IsCcclRoot(d) && !IsCcclRoot(d + "/cccl") && !HoldsCudaToolkitHeaders(d)) options.include_dirs.push_back(d);
  }
  // warpsafe's own library is on every program's include path (toolchain.cpp); its headers hold
  // kernels, launches and __shared__ declarations, so the front end must rewrite them too.
  options.include_dirs.push_back(Layout().library_include_dir);
  frontend::TranslateResult result = frontend::Translate(file, source, options);
  if (!result.errors.empty()) {
    PrintFrontEndErrors(result.errors);
    Say(file + " does not compile (front end)");
    return std::nullopt;
  }
  return result;
}

// CCCL's shadow tree for a program that includes CCCL, in `shadow` (empty when no CCCL is found:
// the compiler then says which header it cannot find). Returns 0 or the exit status.
int PrepareCccl(const CommandLine& cl, std::string* shadow, int* major) {
  shadow->clear();
  *major = 0;
  const std::optional<std::string> root = FindCccl(cl.include_dirs, CompilerIncludeDirs(CompilerCommand()));
  if (!root) return 0;
  *major = CcclMajorVersion(*root);
  const CacheChoice cache = ChooseCacheDirectory();
  if (cache.dir.empty()) {
    Say("no cache directory can be used for CCCL's rewritten headers (set WARPSAFE_CACHE_DIR)");
    return kExitCannotWrite;
  }
  std::string error;
  double seconds = 0;
  *shadow = ShadowTree(*root, cache.dir, &error, &seconds);
  if (shadow->empty()) {
    Say("cannot prepare CCCL's headers from " + *root + ": " + error);
    return kExitCannotWrite;
  }
  if (cl.verbose) {
    Say("CCCL from " + *root + (seconds > 0 ? ", rewritten in " + std::to_string(seconds) + " s" : "") + " (" +
        *shadow + ")");
  }
  return 0;
}

// Reads and translates every source of the program. The engine's main wraps the user's: only the
// file that defines `main` gets the wrapper (with several files, exactly one should).
int TranslateProgram(const CommandLine& cl, std::vector<Unit>* units) {
  for (const std::string& file : cl.files) {
    const std::optional<std::string> source = ReadSource(file);
    if (!source) return kExitNoInput;
    Unit unit{file, cl.all_cuda || IsCudaSource(file), true, ""};
    const bool wrap = cl.wrap_main && (cl.files.size() == 1 || frontend::DefinesMain(*source));
    if (unit.cuda) {
      const std::optional<frontend::TranslateResult> translated = TranslateFile(cl, file, *source, wrap);
      if (!translated) return kExitCompileError;
      unit.text = translated->text;
    } else if (IsCSource(file)) {
      unit.c_language = true;
      unit.translated = wrap;
      unit.text = wrap ? frontend::TranslateCMainFile(file, *source) : *source;
      if (wrap) units->push_back(unit);
      if (wrap) unit = Unit{file, false, true, frontend::CMainWrapper()};  // the engine's main, in C++
    } else if (wrap) {
      unit.text = frontend::TranslateHostFile(file, *source, frontend::ParseArch(cl.arch));
    } else {
      unit.translated = false;
      unit.text = *source;
    }
    unit.openmp = !unit.c_language && IncludesOpenMp(unit.text);
    units->push_back(std::move(unit));
  }
  bool has_main = !cl.wrap_main;
  for (const Unit& u : *units) has_main = has_main || (u.translated && NamesMain(u.text));
  if (!has_main) {
    Say("no `main` in " + (cl.files.size() == 1 ? cl.file : "any of the program's files") +
        " (a program needs one to be run)");
    return kExitCompileError;
  }
  // CCCL from its own headers, rewritten once into a shadow tree, for programs that include it.
  bool cccl = false;
  for (const Unit& u : *units) cccl = cccl || IncludesCccl(u.text);
  if (!cccl) return 0;
  std::string shadow;
  int major = 0;
  if (const int rc = PrepareCccl(cl, &shadow, &major); rc != 0) return rc;
  for (Unit& u : *units) {
    u.shadow_dir = shadow;
    u.unoptimized = major >= 2 && u.translated && IncludesCcclDeviceAlgorithms(u.text);
    if (u.unoptimized && cl.verbose) {
      Say(u.file + " includes CCCL " + std::to_string(major) + "'s device-wide algorithms: compiled at -O0");
    }
  }
  return 0;
}

std::string UserDir(const std::string& file) {
  return fs::absolute(file).lexically_normal().parent_path().string();
}

// The compile request of one unit in one pass; `source`, `object` and `depfile` are placeholders in
// cache keys.
CompileRequest RequestFor(const CommandLine& cl, const Unit& unit, Pass pass, const std::string& source,
                          const std::string& object, const std::string& depfile, bool instrumented) {
  CompileRequest request{source, object, depfile, UserDir(unit.file), cl.include_dirs, cl.defines, instrumented};
  request.pass = pass;
  request.shadow_dir = unit.shadow_dir;
  if (unit.unoptimized) request.optimization = "-O0";
  request.arch = frontend::ParseArch(cl.arch);
  // OpenMP first, so that the user's own options (a -fno-openmp) come after it and win.
  if (unit.openmp) request.compiler_options.push_back(kOpenMpOption);
  request.compiler_options.insert(request.compiler_options.end(), cl.compiler_options.begin(),
                                  cl.compiler_options.end());
  request.c_language = unit.c_language;
  request.module = cl.command == Subcommand::kBuildModule;
  return request;
}

// OpenMP's runtime when a file includes <omp.h>, the user's compiler options (they may matter to
// the link: -fopenmp) and then linker options.
std::vector<std::string> UserLinkOptions(const CommandLine& cl, const std::vector<Unit>& units) {
  std::vector<std::string> options;
  for (const Unit& u : units) {
    if (u.openmp) {
      options.push_back(kOpenMpOption);
      break;
    }
  }
  options.insert(options.end(), cl.compiler_options.begin(), cl.compiler_options.end());
  options.insert(options.end(), cl.link_options.begin(), cl.link_options.end());
  return options;
}

// Runs one compile or link. Returns 0 or the exit status to leave with (the compiler's
// diagnostics are already on stderr).
int RunTool(const CommandLine& cl, const std::string& what, const std::vector<std::string>& cmd,
            const std::string& output, const std::string& file) {
  if (cl.verbose) Say(what + ": " + ShellJoin(cmd));
  const std::optional<unsigned> time_limit = CompileTimeLimit();
  if (!time_limit) return engine::kExitUsage;
  ProcessSpec spec;
  spec.executable = cmd[0];
  spec.argv = cmd;
  spec.timeout_seconds = *time_limit;
  spec.max_errors = kMaxShownErrors;
  const ProcessStatus st = RunProcess(spec);
  if (!st.started) {
    Say("no usable C++ compiler: cannot start '" + cmd[0] + "' (" + std::strerror(st.spawn_error) + ")");
    return kExitToolchain;
  }
  if (st.signal != 0 || st.exit_code != 0) {
    std::error_code ec;
    fs::remove(output, ec);
    Say(CompileFailure(file, st, *time_limit));
    return kExitCompileError;
  }
  return 0;
}

// RunTool for a compile; a checked build's in its two steps (InlineStages) when `kernels` (the
// compile's code is what the program's threads run: a device pass, or a host pass that is the whole
// program), the bitcode between them removed. Host code gains nothing from the inline path (no
// lane is ever published to it, so every access would test it and then call the engine anyway),
// and for a file with much of it the second step was most of the compile. The second step
// compiles what the first accepted: should the compiler still fail there (a compiler's own
// fault), the file is compiled in one step, its accesses calling the callbacks out of line, with
// the same checks. So is it when the compiler, reading the bitcode, found its debug information
// invalid: it then drops all of it and says so, and every report on the file would lose its lines;
// and when the bitcode is too large for the second step to pay (InlineStepWorthIt).
int RunCompile(const CommandLine& cl, const std::string& what, const std::vector<std::string>& cmd,
               const std::string& output, const std::string& file, bool instrumented, bool kernels) {
  if (!instrumented || !kernels) return RunTool(cl, what, cmd, output, file);
  const std::vector<std::vector<std::string>> stages = InlineStages(cmd);
  if (stages.size() == 1) return RunTool(cl, what, cmd, output, file);
  int rc = RunTool(cl, what, stages[0], output + ".bc", file);
  std::error_code size_ec;
  const std::uintmax_t bitcode = rc == 0 ? fs::file_size(output + ".bc", size_ec) : 0;
  if (rc == 0 && !size_ec && !InlineStepWorthIt(bitcode)) {
    if (cl.verbose) {
      Say(what + ": " + std::to_string(bitcode >> 20) +
          " MB of instrumented code: compiling the file in one step, its accesses calling the engine");
    }
    rc = RunTool(cl, what, cmd, output, file);
  } else if (rc == 0) {
    if (cl.verbose) Say(what + ": " + ShellJoin(stages[1]));
    ProcessSpec spec;
    spec.executable = stages[1][0];
    spec.argv = stages[1];
    spec.stdout_path = "/dev/null";
    spec.stderr_path = output + ".log";
    const std::optional<unsigned> time_limit = CompileTimeLimit();
    spec.timeout_seconds = time_limit ? *time_limit : 0;
    const ProcessStatus st = RunProcess(spec);
    if (!st.started || st.signal != 0 || st.exit_code != 0) {
      if (cl.verbose) Say(what + ": the bitcode did not compile; compiling the file in one step");
      rc = RunTool(cl, what, cmd, output, file);
    } else if (std::ifstream log(spec.stderr_path);
               DroppedDebugInformation(std::string(std::istreambuf_iterator<char>(log), {}))) {
      if (cl.verbose) Say(what + ": the bitcode's debug information was invalid; compiling the file in one step");
      rc = RunTool(cl, what, cmd, output, file);
    }
  }
  std::error_code ec;
  fs::remove(output + ".bc", ec);
  fs::remove(output + ".log", ec);
  return rc;
}

// Compiles every unit (a .cu file in both passes, see pass_join.h) and links the program into
// `exe`. Work files are named `prefix.N.*` and removed; the host passes' depfiles are returned in
// `depfiles` (the caller removes them). The device passes are skipped only when no .cu file
// preprocesses differently with __CUDA_ARCH__ (pass_equivalence.h): all or none, because one
// file's device code may call another's device functions (-rdc), whose device pass must then be
// reached from every file's device code.
// Whether a compile's depfile names the engine's <nvrtc.h>: the program compiles code at run time.
bool ReadsNvrtcHeader(const std::string& depfile) {
  std::ifstream in(depfile);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return text.find(Layout().engine_include_dir + "/nvrtc.h") != std::string::npos;
}

// A runtime-compiled program (`build-module`): its one file's device pass, linked into a shared
// object. There is no host pass to join: the program that loads it has its own host code.
int CompileModule(const CommandLine& cl, const Unit& unit, const std::string& prefix, const std::string& output,
                  bool instrumented, std::vector<std::string>* depfiles) {
  const std::string source = prefix + ".0.cpp", object = prefix + ".0.device.o", depfile = prefix + ".0.d";
  depfiles->push_back(depfile);
  int rc = 0;
  if (!WriteFileAtomically(source, unit.text)) {
    Say("cannot write " + source);
    rc = kExitCannotWrite;
  }
  if (rc == 0) {
    rc = RunTool(cl, "compiling " + unit.file + " (device code)",
                 CompileCommand(RequestFor(cl, unit, Pass::kDevice, source, object, depfile, instrumented)), object,
                 unit.file);
  }
  if (rc == 0) rc = RunTool(cl, "linking " + unit.file, ModuleLinkCommand({object}, output, instrumented), output, unit.file);
  std::error_code ec;
  fs::remove(source, ec);
  fs::remove(object, ec);
  return rc;
}

int CompileProgram(const CommandLine& cl, const std::vector<Unit>& units, const std::string& prefix,
                   const std::string& exe, bool instrumented, std::vector<std::string>* depfiles) {
  if (cl.command == Subcommand::kBuildModule) return CompileModule(cl, units[0], prefix, exe, instrumented, depfiles);
  std::vector<std::string> device_objects, host_objects, temporaries, sources(units.size());
  std::vector<std::vector<std::string>> device_commands(units.size());
  // A translated .cu file's compiles read the prologue precompiled (precompiled_prologue.h) and
  // then the rest of the file, `<prefix>.N.rest.cpp`, written once for both passes. A checked
  // build's compiler is clang, which reads no GCC .gch. The first pass to compile decides for
  // both: the join pairs the two objects of a file by the source file name they record
  // (internal_kernels.h), so both passes must compile the same file. When the second pass's
  // header cannot be had (it did not precompile), it reads the same rest after the head as text.
  std::vector<std::string> rests(units.size());
  std::vector<char> whole(units.size(), 0);  // the first pass compiled the whole file
  const auto with_prologue = [&](std::size_t i, const std::vector<std::string>& cmd) {
    const bool precompilable = !instrumented && units[i].translated && units[i].cuda && whole[i] == 0;
    const std::optional<PrologueSplit> split = precompilable ? SplitPrologue(units[i].text) : std::nullopt;
    if (!split) return cmd;
    std::string note;
    std::optional<std::string> header = PrecompiledPrologue(cmd, split->head, &note);
    if (!header && rests[i].empty()) {
      whole[i] = 1;
      return cmd;
    }
    if (!header) {
      header = prefix + "." + std::to_string(i) + ".head.h";
      if (!WriteFileAtomically(*header, split->head)) return cmd;  // the join then reports the mismatch
      temporaries.push_back(*header);
      note = "the prologue did not precompile for this pass: read as text, " + *header;
    }
    if (cl.verbose) Say(note);
    if (rests[i].empty()) {
      const std::string rest = prefix + "." + std::to_string(i) + ".rest.cpp";
      if (!WriteFileAtomically(rest, split->rest)) {
        whole[i] = 1;
        return cmd;
      }
      temporaries.push_back(rest);
      rests[i] = rest;
    }
    return CompileWithPrologue(cmd, *header, rests[i]);
  };
  int rc = 0;
  bool device_passes = false;
  // Whether any device pass is needed is known before the host passes compile: without one, the
  // host objects are the program, and their kernels must be compiled as code that runs.
  for (std::size_t i = 0; rc == 0 && i < units.size(); ++i) {
    const Unit& unit = units[i];
    const std::string base = prefix + "." + std::to_string(i);
    sources[i] = unit.file;
    if (unit.translated) {
      sources[i] = base + ".cpp";
      temporaries.push_back(sources[i]);
      if (!WriteFileAtomically(sources[i], unit.text)) {
        Say("cannot write " + sources[i]);
        rc = kExitCannotWrite;
        break;
      }
    }
    if (!unit.cuda) continue;
    device_commands[i] = CompileCommand(RequestFor(cl, unit, Pass::kDevice, sources[i], base + ".device.o", "",
                                                   instrumented));
    // CCCL chooses its code with __CUDA_ARCH__ throughout (NV_IF_TARGET, CUB's arch dispatch), so a
    // file that includes it always needs its device pass: asking the preprocessor twice would
    // only cost two preprocessings of CCCL's headers (pass_equivalence.h).
    device_passes = device_passes || !unit.shadow_dir.empty() || DevicePassNeeded(device_commands[i], cl.verbose);
  }
  for (std::size_t i = 0; rc == 0 && i < units.size(); ++i) {
    const Unit& unit = units[i];
    const std::string base = prefix + "." + std::to_string(i);
    const std::string host = base + ".host.o";
    const std::string depfile = base + ".d";
    depfiles->push_back(depfile);
    temporaries.push_back(host);
    const Pass host_pass = !unit.cuda ? Pass::kHostOnly : device_passes ? Pass::kHost : Pass::kHostAlone;
    rc = RunCompile(cl, "compiling " + unit.file + (unit.cuda ? " (host pass)" : ""),
                    with_prologue(i, CompileCommand(RequestFor(cl, unit, host_pass, sources[i], host, depfile,
                                                               instrumented))),
                    host, unit.file, instrumented, host_pass == Pass::kHostAlone);
    if (rc != 0) break;
    host_objects.push_back(host);
  }
  if (rc == 0 && !device_passes && cl.verbose) Say("no file depends on __CUDA_ARCH__: one compile serves both passes");
  for (std::size_t i = 0; rc == 0 && device_passes && i < units.size(); ++i) {
    if (!units[i].cuda) continue;
    const std::string device = prefix + "." + std::to_string(i) + ".device.o";
    temporaries.push_back(device);
    rc = RunCompile(cl, "compiling " + units[i].file + " (device pass)", with_prologue(i, device_commands[i]),
                    device, units[i].file, instrumented, /*kernels=*/true);
    if (rc == 0) device_objects.push_back(device);
  }
  if (rc == 0 && !device_objects.empty()) {
    const std::string problem = JoinPasses(device_objects, host_objects, cl.verbose);
    if (!problem.empty()) {
      Say("cannot join the device and host passes: " + problem);
      rc = kExitToolchain;
    }
  }
  if (rc == 0) {
    std::vector<std::string> objects = device_objects;  // first: see pass_join.h
    objects.insert(objects.end(), host_objects.begin(), host_objects.end());
    bool loads_modules = false;
    for (const std::string& d : *depfiles) loads_modules = loads_modules || ReadsNvrtcHeader(d);
    rc = RunTool(cl, "linking " + cl.file,
                 LinkCommand(objects, exe, instrumented, UserLinkOptions(cl, units), loads_modules), exe, cl.file);
  }
  std::error_code ec;
  for (const std::string& t : temporaries) fs::remove(t, ec);
  return rc;
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

// The limits a run takes from a flag or, without one, from its WARPSAFE_* variable: the replay
// command spells each as a flag, so that it reruns the program the same way in a clean environment.
struct RunLimits {
  std::optional<std::string> workers;
  std::optional<std::string> stack;
  std::optional<std::string> livelock_steps;
  std::optional<std::string> hang_seconds;
};

// The command that reruns this program exactly: the effective schedule and seed are pinned.
std::string ReplayCommand(const CommandLine& cl, const std::string& invocation, const std::string& schedule,
                          const std::string& seed, const RunLimits& limits) {
  std::vector<std::string> words{invocation, "run"};
  if (cl.files.empty()) words.push_back(cl.file);
  words.insert(words.end(), cl.files.begin(), cl.files.end());
  words.insert(words.end(), {"--schedule", schedule, "--seed", seed, "--arch", cl.arch});
  for (const std::string& d : cl.include_dirs) words.insert(words.end(), {"-I", d});
  for (const std::string& d : cl.defines) words.insert(words.end(), {"-D", d});
  words.insert(words.end(), cl.nvcc_words.begin(), cl.nvcc_words.end());
  if (limits.workers) words.insert(words.end(), {"--workers", *limits.workers});
  if (limits.stack) words.insert(words.end(), {"--stack-size", *limits.stack});
  if (limits.livelock_steps) words.insert(words.end(), {"--livelock-steps", *limits.livelock_steps});
  if (limits.hang_seconds) words.insert(words.end(), {"--hang-seconds", *limits.hang_seconds});
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
  std::vector<Unit> units;
  if (const int rc = TranslateProgram(cl, &units); rc != 0) return rc;
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

  // The key: everything known before compiling: each source as compiled and both passes' commands.
  // Output names are placeholders so the key does not depend on the temporary names. An
  // instrumented build is another program: its own key.
  Fingerprint fp;
  fp.Add(config::kVersion);
  if (instrumented) fp.Add("instrumented");
  const bool module = cl.command == Subcommand::kBuildModule;
  if (module) fp.Add("module");
  for (const Unit& unit : units) {
    fp.Add(unit.file);
    fp.Add(unit.text);
    for (Pass pass : {Pass::kHost, Pass::kDevice, Pass::kHostOnly, Pass::kHostAlone}) {
      const std::string source = unit.translated ? "<source>" : fs::absolute(unit.file).string();
      for (const std::string& w : CompileCommand(RequestFor(cl, unit, pass, source, "<object>", "<depfile>", instrumented)))
        fp.Add(w);
    }
  }
  // Whether the program loads modules follows from the headers it reads, which the key covers.
  for (const std::string& w : module ? ModuleLinkCommand({"<objects>"}, "<output>", instrumented)
                                     : LinkCommand({"<objects>"}, "<output>", instrumented, UserLinkOptions(cl, units)))
    fp.Add(w);
  fp.Add(FileIdentity(CompilerCommand(instrumented)[0]));
  fp.Add(FileIdentity(Layout().engine_library));
  fp.Add(FileIdentity(Layout().boost_context_library));
  const std::string key = fs::path(cl.file).stem().string() + (instrumented ? "-check-" : "-") +
                          (module ? "module-" : "") + fp.Hex() + (module ? ".so" : "");
  const std::string exe = (fs::path(dir) / key).string();
  const std::string stamp = exe + ".stamp";

  if (access(exe.c_str(), X_OK) == 0 && StampValid(stamp)) {
    if (cl.verbose) Say("cache hit: " + exe);
  } else {
    const std::string suffix = UniqueSuffix();
    const std::string tmp = exe + suffix;
    std::vector<std::string> depfiles;
    const int rc = CompileProgram(cl, units, tmp, tmp, instrumented, &depfiles);
    // The stamp is published before the executable: whoever finds the executable finds its stamp.
    // It leaves out the translated files (their text is in the key).
    const bool stamped = rc == 0 && WriteStamp(depfiles, stamp, tmp + ".");
    std::error_code ec;
    for (const std::string& d : depfiles) fs::remove(d, ec);
    if (rc != 0) return rc;
    if (!stamped) fs::remove(stamp, ec);  // the entry is then rebuilt next time, never trusted stale
    if (!Publish(tmp, exe)) return kExitCannotWrite;
  }
  *exe_out = exe;
  return 0;
}

int BuildModuleCommand(const CommandLine& given) {
  // A directory beside the program that holds copies of the toolkit's headers (cuda-samples copy
  // cooperative_groups next to their NVRTC samples) is searched last, so that the engine's win.
  CommandLine cl = given;
  cl.include_dirs.clear();
  for (const std::string& d : given.include_dirs) {
    if (ShadowsEngineHeaders(d, Layout().engine_include_dir)) {
      cl.compiler_options.insert(cl.compiler_options.end(), {"-idirafter", fs::absolute(d).string()});
    } else {
      cl.include_dirs.push_back(d);
    }
  }
  std::string built;
  if (const int rc = BuildCachedProgram(cl, cl.instrumented, &built); rc != 0) return rc;
  // A copy through a temporary name: a process of the same program building it at the same time
  // (check's schedules run at once) never loads half a file.
  const std::string tmp = cl.output + UniqueSuffix();
  std::error_code ec;
  fs::copy_file(built, tmp, fs::copy_options::overwrite_existing, ec);
  if (ec) {
    Say("cannot write " + tmp + ": " + ec.message());
    return kExitCannotWrite;
  }
  return Publish(tmp, cl.output) ? 0 : kExitCannotWrite;
}

void ExportCliPath() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) setenv("WARPSAFE_CLI", self.c_str(), 1);
}

int RunCommand(const CommandLine& cl, const std::string& invocation) {
  std::string exe;
  if (const int rc = BuildCachedProgram(cl, /*instrumented=*/false, &exe); rc != 0) return rc;

  // The environment: flags override WARPSAFE_* variables; schedule and seed are always pinned so
  // that the replay command reproduces this run.
  const std::string schedule = cl.schedule.value_or(Env("WARPSAFE_SCHEDULE").value_or("random"));
  const std::string seed = cl.seed ? std::to_string(*cl.seed) : Env("WARPSAFE_SEED").value_or("1");
  auto flag_or_env = [](const auto& flag, const char* variable) {
    return flag ? std::optional<std::string>(std::to_string(*flag)) : Env(variable);
  };
  const RunLimits limits{flag_or_env(cl.workers, "WARPSAFE_WORKERS"), flag_or_env(cl.stack_size, "WARPSAFE_STACK_SIZE"),
                         flag_or_env(cl.livelock_steps, "WARPSAFE_LIVELOCK_STEPS"),
                         flag_or_env(cl.hang_seconds, "WARPSAFE_HANG_SECONDS")};
  ProcessSpec spec;
  spec.executable = exe;
  ExportCliPath();
  spec.argv.push_back(fs::path(cl.file).replace_extension().string());
  spec.argv.push_back("--");  // the program's own arguments follow, whatever they look like
  spec.argv.insert(spec.argv.end(), cl.program_args.begin(), cl.program_args.end());
  spec.set_env = {"WARPSAFE_SCHEDULE=" + schedule, "WARPSAFE_SEED=" + seed,
                  "WARPSAFE_REPLAY=" + ReplayCommand(cl, invocation, schedule, seed, limits)};
  if (limits.workers) spec.set_env.push_back("WARPSAFE_WORKERS=" + *limits.workers);
  if (limits.stack) spec.set_env.push_back("WARPSAFE_STACK_SIZE=" + *limits.stack);
  if (limits.livelock_steps) spec.set_env.push_back("WARPSAFE_LIVELOCK_STEPS=" + *limits.livelock_steps);
  if (limits.hang_seconds) spec.set_env.push_back("WARPSAFE_HANG_SECONDS=" + *limits.hang_seconds);
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
  if (const std::string why = WhyNotWritable(cl.output); !why.empty()) {
    Say("cannot write " + cl.output + ": " + why);
    return kExitCannotWrite;
  }
  std::vector<Unit> units;
  if (const int rc = TranslateProgram(cl, &units); rc != 0) return rc;
  if (const std::optional<std::string> problem = ToolchainProblem()) {
    Say(*problem);
    return kExitToolchain;
  }
  // The work files sit beside the executable while it compiles (debug info names the user's files
  // through #line, so they are not needed afterwards).
  const std::string tmp = cl.output + UniqueSuffix();
  std::vector<std::string> depfiles;
  const int rc = CompileProgram(cl, units, tmp, tmp, /*instrumented=*/false, &depfiles);
  std::error_code ec;
  for (const std::string& d : depfiles) fs::remove(d, ec);
  if (rc != 0) return rc;
  return Publish(tmp, cl.output) ? 0 : kExitCannotWrite;
}

int JoinPassesCommand(const CommandLine& cl) {
  std::error_code ec;
  fs::create_directories(cl.output, ec);
  std::vector<std::string> devices, hosts;
  auto copy = [&](const std::vector<std::string>& from, const char* kind, std::vector<std::string>* to) {
    for (std::size_t i = 0; i < from.size(); ++i) {
      const std::string out = (fs::path(cl.output) / (std::string(kind) + "-" + std::to_string(i) + ".o")).string();
      fs::copy_file(from[i], out, fs::copy_options::overwrite_existing, ec);
      if (ec) {
        Say("cannot copy " + from[i] + " to " + out + ": " + ec.message());
        return false;
      }
      to->push_back(out);
    }
    return true;
  };
  if (!copy(cl.device_objects, "device", &devices) || !copy(cl.host_objects, "host", &hosts)) return kExitNoInput;
  const std::string problem = JoinPasses(devices, hosts, cl.verbose);
  if (!problem.empty()) {
    Say("cannot join the device and host passes: " + problem);
    return kExitToolchain;
  }
  return 0;
}

int TranslateCommand(const CommandLine& cl) {
  const std::optional<std::string> source = ReadSource(cl.file);
  if (!source) return kExitNoInput;
  // With several sources, only the one that defines main gets the engine's main.
  const bool wrap = cl.wrap_main && frontend::DefinesMain(*source);
  std::optional<frontend::TranslateResult> translated;
  if (IsCudaSource(cl.file)) {
    translated = TranslateFile(cl, cl.file, *source, wrap);
  } else {
    translated = frontend::TranslateResult{};
    translated->text = wrap ? frontend::TranslateHostFile(cl.file, *source, frontend::ParseArch(cl.arch))
                            : "#line 1 \"" + frontend::EscapePath(fs::absolute(cl.file).lexically_normal().string()) +
                                  "\"\n" +
                                  frontend::AnchorQuotedIncludes(fs::absolute(cl.file).lexically_normal().string(),
                                                                 *source);
    translated->dependencies.push_back(fs::absolute(cl.file).lexically_normal().string());
  }
  if (!translated) return kExitCompileError;
  if (!WriteFileAtomically(cl.output, translated->text)) {
    const std::string why = WhyNotWritable(cl.output);
    Say("cannot write " + cl.output + (why.empty() ? "" : ": " + why));
    return kExitCannotWrite;
  }
  // The options the two passes' compiles need besides the translated file (CCCL's shadow tree),
  // one a line; an empty file when there are none.
  if (!cl.options_file.empty()) {
    std::string shadow;
    int major = 0;
    if (IncludesCccl(translated->text)) {
      if (const int rc = PrepareCccl(cl, &shadow, &major); rc != 0) return rc;
    }
    std::vector<std::string> options = CcclCompileOptions(shadow);
    // After the build system's own -O: the last one counts.
    if (major >= 2 && IncludesCcclDeviceAlgorithms(translated->text)) options.push_back("-O0");
    std::string text;
    for (const std::string& o : options) {
      for (const char c : o) {  // a response file's quoting: a backslash before a blank or a quote
        if (c == ' ' || c == '\t' || c == '\\' || c == '"' || c == '\'') text += '\\';
        text += c;
      }
      text += '\n';
    }
    if (!WriteFileAtomically(cl.options_file, text)) {
      Say("cannot write " + cl.options_file);
      return kExitCannotWrite;
    }
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
