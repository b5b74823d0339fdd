#include "cli/toolchain.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "cli/include_policy.h"
#include "toolchain_config.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;

namespace {

// The directory of the running executable (symlinks resolved), or empty if /proc cannot say.
fs::path ExecutableDirectory() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return self.parent_path();
}

EngineLayout FindLayout() {
  EngineLayout layout{config::kEngineLibrary, config::kBoostContextLibrary, config::kEngineIncludeDir,
                      config::kRefusedIncludeDir, config::kLibraryIncludeDir};
  const fs::path dir = ExecutableDirectory();
  std::error_code ec;
  if (dir.empty() || fs::equivalent(dir, config::kBuildTreeBinDir, ec)) return layout;
  const auto installed = [&](const char* relative) { return (dir / relative).lexically_normal().string(); };
  layout.engine_library = installed(config::kInstalledEngineLibrary);
  layout.engine_include_dir = installed(config::kInstalledEngineIncludeDir);
  layout.refused_include_dir = installed(config::kInstalledRefusedIncludeDir);
  layout.library_include_dir = installed(config::kInstalledLibraryIncludeDir);
  return layout;
}

}  // namespace

const EngineLayout& Layout() {
  static const EngineLayout layout = FindLayout();
  return layout;
}

std::vector<std::string> CompilerCommand(bool instrumented) {
  const char* env = std::getenv(instrumented ? "WARPSAFE_CHECK_CXX" : "WARPSAFE_CXX");
  std::string text = env != nullptr && *env != '\0' ? env : config::kCompiler;
  if (instrumented && (env == nullptr || *env == '\0')) {
    // Found when warpsafe was configured; else looked up now (it may have been installed since).
    text = *config::kCheckCompiler != '\0' ? config::kCheckCompiler : "clang++-14";
  }
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::vector<std::string> PassDefines(Pass pass, int arch) {
  const std::string cuda_arch = std::to_string(arch * 10);
  switch (pass) {
    case Pass::kDevice:
      return {"-D__WARPSAFE_DEVICE_PASS__=1", "-D__CUDA_ARCH__=" + cuda_arch};
    case Pass::kHost:
      return {"-D__WARPSAFE_HOST_PASS__=1"};
    case Pass::kHostAlone:
      return {"-D__WARPSAFE_HOST_PASS__=1", "-D__WARPSAFE_ONE_PASS__=1"};
    case Pass::kHostOnly:
      // A .cpp file that includes <cuda_runtime.h> registers the same arch as the .cu files.
      return {"-D__WARPSAFE_ARCH__=" + cuda_arch};
  }
  return {};
}

std::vector<std::string> CcclCompileOptions(const std::string& shadow_dir) {
  if (shadow_dir.empty()) return {};
  // CCCL's class templates re-declare member aliases with their own template's name (`using
  // WarpScan = WarpScan<...>`), which g++ rejects unless permissive.
  // CCCL 3 takes the narrow float types (fp8 with e8m0, fp6, fp4) whenever their headers are
  // found, and its support of them is not yet tested against the engine's; nor is NVTX's C++ API,
  // which CUB's ranges use whenever NVTX's C header is found (NVTX is a no-op on the engine): CCCL
  // leaves them out.
  return {"-fpermissive", "-I", shadow_dir, "-DCCCL_DISABLE_NVFP4_SUPPORT", "-DCCCL_DISABLE_NVFP6_SUPPORT",
          "-DCCCL_DISABLE_NVFP8_SUPPORT", "-DCCCL_DISABLE_NVTX"};
}

std::vector<std::string> CompileCommand(const CompileRequest& request) {
  std::vector<std::string> cmd = CompilerCommand(request.instrumented);
  const std::vector<std::string> compiler = cmd;
  // DWARF 4: with DWARF 5 line tables, addr2line (binutils 2.40) names some rows of a function
  // whose code follows a #line by the translated .cpp instead of the user's file (seen for a
  // kernel that reads only threadIdx before faulting), and reports would name the wrong file.
  if (request.c_language) cmd.insert(cmd.end(), {"-x", "c"});
  for (const char* o : {request.c_language ? "-std=gnu17" : "-std=gnu++17", request.optimization, "-g", "-gdwarf-4", "-w"}) {
    cmd.push_back(o);
  }
  for (const char* o : config::kCompileOptions) {
    if (*o != '\0') cmd.push_back(o);
  }
  if (request.instrumented) {
    for (const char* o : config::kCheckCompileOptions) {
      if (*o != '\0') cmd.push_back(o);
    }
  }
  for (const std::string& d : PassDefines(request.pass, request.arch)) cmd.push_back(d);
  // Device code's shifts are checked (engine/src/fiber/shift_check.cpp; docs/semantics/shift.md):
  // a count outside [0, width) is undefined, and a GPU gives another value than x86. The host pass
  // is not instrumented (host code keeps C++'s meaning); a host pass that is the whole program
  // (kHostAlone) holds the kernels, so it is, and the handler ignores shifts outside GPU threads.
  // Conversions of floating-point values to integers are checked the same way
  // (engine/src/fiber/float_conversion_check.cpp; docs/semantics/float_conversion.md).
  if (request.pass == Pass::kDevice || request.pass == Pass::kHostAlone) {
    cmd.push_back("-fsanitize=shift-exponent");
    cmd.push_back("-fsanitize=float-cast-overflow");
  }
  // Every C++ pass reports a function that runs off its end without a return value
  // (engine/src/fiber/missing_return_check.cpp; docs/semantics/missing_return.md): undefined, and
  // the optimised code would run on into whatever follows the function. C has no such check (there
  // the value is undefined only if the caller uses it).
  if (!request.c_language) cmd.push_back("-fsanitize=return");
  if (request.module) cmd.insert(cmd.end(), {"-fPIC", "-D__WARPSAFE_MODULE__=1"});
  // Each function in a section of its own, so that the join can tell references to the host copy
  // of an internal kernel instantiation from references to its neighbours (internal_kernels.h).
  if (request.pass == Pass::kHost) cmd.push_back("-ffunction-sections");
  // The user's folder last of all (-idirafter), for an include only the preprocessor can name (a
  // macro's expansion): the front end already names the main file's quoted includes by their paths,
  // and as -iquote it would also serve system headers' quoted includes (a project folder holding a
  // `boost/config/` of its own would shadow the system's Boost, which nvcc never does).
  if (!request.user_dir.empty()) cmd.insert(cmd.end(), {"-idirafter", request.user_dir});
  for (const std::string& o : CcclCompileOptions(request.shadow_dir)) cmd.push_back(o);
  // Absolute, so that one cache entry never stands for two different directories. A toolkit's
  // include directory given with -I is left out too (its CCCL comes through the shadow tree).
  for (const std::string& d : request.include_dirs) {
    if (!HoldsCudaToolkitHeaders(d)) cmd.insert(cmd.end(), {"-I", fs::absolute(d).string()});
  }
  // The refused headers right after the engine's own: a CUDA header the engine does not provide
  // stops the compile at the user's #include with a message naming it, toolkit installed or not.
  cmd.insert(cmd.end(), {"-isystem", Layout().engine_include_dir, "-isystem", Layout().refused_include_dir,
                         "-isystem", Layout().library_include_dir});
  // C's own include path stays the compiler's: the C++ one puts libstdc++'s <stdlib.h> wrappers first.
  if (!request.c_language) {
    for (const std::string& o : StandardIncludeOptions(compiler)) cmd.push_back(o);
  }
  for (const std::string& d : request.defines) cmd.push_back("-D" + d);
  // The user's own host compiler options come last, so that they win (`-std=gnu++20`, `-fopenmp`).
  cmd.insert(cmd.end(), request.compiler_options.begin(), request.compiler_options.end());
  cmd.push_back("-pthread");
  if (!request.depfile.empty()) cmd.insert(cmd.end(), {"-MD", "-MF", request.depfile});
  cmd.insert(cmd.end(), {"-c", "-o", request.output, request.source});
  return cmd;
}

std::vector<std::vector<std::string>> InlineStages(const std::vector<std::string>& compile) {
  const auto c_language = std::find(compile.begin(), compile.end(), "c");
  const auto output = std::find(compile.begin(), compile.end(), "-o");
  const auto c = std::find(compile.begin(), compile.end(), "-c");
  if ((c_language != compile.begin() && c_language != compile.end() && *(c_language - 1) == "-x") ||
      output == compile.end() || output + 1 == compile.end() || c == compile.end()) {
    return {compile};
  }
  const std::string object = *(output + 1);
  const std::string bitcode = object + ".bc";
  // The first step defines the access callbacks in the file (warpsafe/engine/check_inline.h), for
  // the second to inline; a compile in one step calls the engine's own, which name the access by
  // their return address.
  std::vector<std::string> instrument;
  for (auto it = compile.begin(); it != compile.end(); ++it) {
    if (it == c) instrument.insert(instrument.end(), {"-include", "warpsafe/engine/check_inline.h", "-emit-llvm"});
    instrument.push_back(it == output + 1 ? bitcode : *it);
  }
  // The compiler, the optimisation level and the code generator's options of the first compile
  // (sections for the join of passes, pass_join.h; the relocation model); the rest (debug
  // information, the target's features) is recorded in the bitcode itself.
  std::vector<std::string> optimise = CompilerCommand(true);
  std::string level = "-O1";
  std::vector<std::string> codegen;
  for (const std::string& w : compile) {
    if (w.size() == 3 && w.compare(0, 2, "-O") == 0) level = w;
    for (const char* o : {"-ffunction-sections", "-fdata-sections", "-fPIC", "-fpic", "-fPIE", "-fpie", "-fno-pic",
                          "-fno-pie", "-fno-PIC", "-fno-PIE", "-mcmodel="}) {
      if (w.rfind(o, 0) == 0 && (w == o || o[std::strlen(o) - 1] == '=')) codegen.push_back(w);
    }
  }
  optimise.push_back(level);
  optimise.insert(optimise.end(), codegen.begin(), codegen.end());
  optimise.insert(optimise.end(), {"-w", "-c", "-o", object, "-x", "ir", bitcode});
  return {instrument, optimise};
}

bool InlineStepWorthIt(std::uintmax_t bytes) {
  std::uintmax_t limit = std::uintmax_t(2) << 20;
  if (const char* text = std::getenv("WARPSAFE_CHECK_INLINE_LIMIT"); text != nullptr && *text != '\0') {
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (end != nullptr && *end == '\0') limit = value;
  }
  return bytes <= limit;
}

bool DroppedDebugInformation(const std::string& diagnostics) {
  return diagnostics.find("ignoring invalid debug info") != std::string::npos;
}

std::vector<std::string> LinkCommand(const std::vector<std::string>& objects, const std::string& output,
                                     bool instrumented, const std::vector<std::string>& user_options,
                                     bool loads_modules) {
  std::vector<std::string> cmd = CompilerCommand(instrumented);
  cmd.push_back("-pthread");
  cmd.insert(cmd.end(), {"-o", output});
  cmd.insert(cmd.end(), objects.begin(), objects.end());
  if (loads_modules) {
    cmd.insert(cmd.end(), {"-Wl,--export-dynamic", "-Wl,--whole-archive", Layout().engine_library,
                           "-Wl,--no-whole-archive"});
  } else {
    cmd.push_back(Layout().engine_library);
  }
  cmd.push_back(Layout().boost_context_library);
  // A Boost outside the default search path must still be found when the program starts.
  const std::string boost_dir = fs::path(Layout().boost_context_library).parent_path().string();
  const bool system_dir = boost_dir.rfind("/usr/lib", 0) == 0 || boost_dir.rfind("/lib", 0) == 0;
  if (!boost_dir.empty() && !system_dir) cmd.push_back("-Wl,-rpath," + boost_dir);
  cmd.push_back("-ldl");
  for (const char* o : config::kLinkOptions) {
    if (*o != '\0') cmd.push_back(o);
  }
  // The whole engine holds the checker's allocator wrappers (race/device_heap.cpp), which need the
  // allocator wrapped: a plain program that loads modules wraps it too (host allocations pass
  // straight through; device code's get the checker's red zones, which change no result).
  if (instrumented || loads_modules) {
    for (const char* o : config::kCheckLinkOptions) {
      if (*o != '\0') cmd.push_back(o);
    }
  }
  cmd.insert(cmd.end(), user_options.begin(), user_options.end());
  return cmd;
}

std::vector<std::string> ModuleLinkCommand(const std::vector<std::string>& objects, const std::string& output,
                                           bool instrumented) {
  std::vector<std::string> cmd = CompilerCommand(instrumented);
  cmd.insert(cmd.end(), {"-shared", "-fPIC", "-pthread", "-Wl,-Bsymbolic-functions", "-o", output});
  cmd.insert(cmd.end(), objects.begin(), objects.end());
  for (const char* o : config::kLinkOptions) {
    // The program's wraps (printf, exit, ...) apply; the libraries the engine links are the
    // program's already.
    if (*o != '\0' && std::string(o).rfind("-Wl,--wrap=", 0) == 0) cmd.push_back(o);
  }
  if (instrumented) {
    for (const char* o : config::kCheckLinkOptions) {
      if (*o != '\0') cmd.push_back(o);
    }
  }
  return cmd;
}

std::optional<std::string> FindExecutable(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    if (access(name.c_str(), X_OK) == 0) return name;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    struct stat st {};
    if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
      return candidate;
  }
  return std::nullopt;
}

std::optional<std::string> ToolchainProblem(bool instrumented) {
  const std::vector<std::string> compiler = CompilerCommand(instrumented);
  if (instrumented && (compiler.empty() || !FindExecutable(compiler[0]))) {
    return "no usable compiler for instrumented builds: '" + (compiler.empty() ? std::string() : compiler[0]) +
           "' not found (`warpsafe check` needs clang++-14; set WARPSAFE_CHECK_CXX to it)";
  }
  if (compiler.empty() || !FindExecutable(compiler[0])) {
    return "no usable C++ compiler: '" + (compiler.empty() ? std::string() : compiler[0]) +
           "' not found (set WARPSAFE_CXX to a g++ or clang++ with C++17 support)";
  }
  std::error_code ec;
  if (!fs::is_regular_file(Layout().engine_library, ec)) {
    return "the engine library " + Layout().engine_library +
           " does not exist (in a build tree, build the warpsafe_engine target; else reinstall warpsafe)";
  }
  return std::nullopt;
}

std::string FileIdentity(const std::string& path_or_name) {
  const std::string path = FindExecutable(path_or_name).value_or(path_or_name);
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return path + " (missing)";
  return (ec ? path : real.string()) + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) +
         "." + std::to_string(st.st_mtim.tv_nsec);
}

}  // namespace warpsafe::cli
