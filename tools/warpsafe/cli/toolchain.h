// The host compiler and the command that builds a translated program against the engine. The
// compiler is fixed when warpsafe is configured (toolchain_config.h; $WARPSAFE_CXX overrides it);
// the engine and the headers are found from the executable's own location (EngineLayout).
// `warpsafe check` builds with instrumentation instead: clang++-14 ($WARPSAFE_CHECK_CXX overrides
// it) and WARPSAFE_CHECK_COMPILE_OPTIONS (cmake/WarpsafeCheck.cmake), which route every load and
// store of the user's code to the engine's race detector.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace warpsafe::cli {

// Where the engine library and the headers programs compile against are.
struct EngineLayout {
  std::string engine_library;         // libwarpsafe_engine.a
  std::string boost_context_library;  // the system's static Boost.Context
  std::string engine_include_dir;     // cuda_runtime.h, warpsafe/engine/*.h (-isystem)
  std::string refused_include_dir;    // the toolkit headers the engine refuses (-isystem, next)
  std::string library_include_dir;    // warpsafe/warp.cuh, ... (-I; the front end rewrites these)
};

// The build tree's paths when this executable is the one in its build tree; otherwise those of an
// installed tree, relative to the executable's directory (<prefix>/bin/warpsafe ->
// <prefix>/lib/libwarpsafe_engine.a, <prefix>/include/warpsafe/{engine,library}), so an installed
// tree works wherever it is put.
const EngineLayout& Layout();

struct CompileRequest {
  std::string source;        // the translated .cpp
  std::string output;        // the executable to write
  std::string depfile;       // where the compiler writes the headers it read (empty: none)
  std::string user_dir;      // the directory of FILE.cu (-iquote)
  std::vector<std::string> include_dirs;
  std::vector<std::string> defines;
  bool instrumented = false;  // a `warpsafe check` build
};

// The compiler as a command prefix ($WARPSAFE_CXX split at spaces, e.g. "ccache g++"); for an
// instrumented build, $WARPSAFE_CHECK_CXX or clang++-14 (what the instrumentation flags need).
std::vector<std::string> CompilerCommand(bool instrumented = false);

// The full compile-and-link command.
std::vector<std::string> CompileCommand(const CompileRequest& request);

// Why no program can be built now (compiler or engine library missing), or nullopt.
std::optional<std::string> ToolchainProblem(bool instrumented = false);

// Size, modification time and path of a file (the compiler's found through PATH), for cache keys.
std::string FileIdentity(const std::string& path_or_name);

// `name` looked up as the shell would (contains '/': itself); nullopt if not executable.
std::optional<std::string> FindExecutable(const std::string& name);

}  // namespace warpsafe::cli
