// The host compiler and the command that builds a translated program against the engine. The
// compiler is fixed when warpsafe is configured (toolchain_config.h; $WARPSAFE_CXX overrides it);
// the engine and the headers are found from the executable's own location (EngineLayout).
// `warpsafe check` builds with instrumentation instead: clang++-14 ($WARPSAFE_CHECK_CXX overrides
// it) and WARPSAFE_CHECK_COMPILE_OPTIONS (cmake/WarpsafeCheck.cmake), which route every load and
// store of the user's code to the engine's race detector.
#pragma once

#include <cstdint>
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

// nvcc's compilation model (docs/architecture.md, "Two passes"): a translated .cu file is compiled
// as device code and as host code, and a host .cpp file once, as plain host C++.
enum class Pass {
  kDevice,    // __CUDA_ARCH__ and __WARPSAFE_DEVICE_PASS__ defined (keywords.h marks the symbols)
  kHost,      // __WARPSAFE_HOST_PASS__ defined: kernels stay calls, to be resolved to the device pass
  kHostOnly,  // a .cpp file, or a .cu file compiled once (its passes could not differ)
  // A .cu file's host pass when no file of the program needs its device pass: the host object is
  // the whole program, so its kernels' bodies are the ones that run (__WARPSAFE_ONE_PASS__ too,
  // which keeps clang from compiling them unoptimised, keywords.h).
  kHostAlone,
};

struct CompileRequest {
  std::string source;        // the translated .cpp (or the user's .cpp)
  std::string output;        // the object file to write
  std::string depfile;       // where the compiler writes the headers it read (empty: none)
  std::string user_dir;      // the directory of the source the user gave (-idirafter)
  std::vector<std::string> include_dirs;
  std::vector<std::string> defines;
  bool instrumented = false;  // a `warpsafe check` build
  Pass pass = Pass::kHost;
  std::string shadow_dir;  // CCCL's shadow tree (cccl.h), first on the path; empty: none
  int arch = 90;  // compute capability x10
  std::vector<std::string> compiler_options;  // the user's, for the host compiler (nvcc's -Xcompiler)
  // -O1 normally; -O0 for a file that includes CCCL 2 or later's device-wide algorithms, which g++
  // cannot compile optimised within a few GB (cccl.h, IncludesCcclDeviceAlgorithms).
  const char* optimization = "-O1";
  // A C source (a `.c` file, as nvcc hands it to the host compiler as C): compiled with -x c, C's
  // standard and the compiler's own C include path.
  bool c_language = false;
  // A runtime-compiled program's device pass (`warpsafe build-module`): position independent, with
  // __WARPSAFE_MODULE__ (keywords.h exports its kernels and variables).
  bool module = false;
};

// The -D options that select a pass (what cmake/Warpsafe.cmake passes too).
std::vector<std::string> PassDefines(Pass pass, int arch);

// The compiler as a command prefix ($WARPSAFE_CXX split at spaces, e.g. "ccache g++"); for an
// instrumented build, $WARPSAFE_CHECK_CXX or clang++-14 (what the instrumentation flags need).
std::vector<std::string> CompilerCommand(bool instrumented = false);

// Compiles one source to an object (-c). The include path is include_policy.h's: the -I
// directories, the engine's headers, the library, the compiler's standard directories less any that
// hold CUDA toolkit headers, and last (-idirafter) the user's directory.
std::vector<std::string> CompileCommand(const CompileRequest& request);

// A checked build's compile (CompileCommand of an instrumented request) as the commands that
// perform it: the instrumented code as LLVM bitcode (`<object>.bc`) with the access callbacks
// defined in it (`-include warpsafe/engine/check_inline.h`), then that bitcode compiled to the
// object at the same optimisation level, which inlines the callbacks' common case into the user's
// loops. A C compile stays one command: its accesses call the engine's callbacks, as does any
// compile run in one step (`compile` itself).
std::vector<std::vector<std::string>> InlineStages(const std::vector<std::string>& compile);

// Whether the first step's bitcode (`bytes` long) is worth compiling again with the callbacks
// inlined. The second step re-runs the optimiser over the whole file, about 15 s a megabyte of
// bitcode with clang 14, while the inline path pays only where accesses run hot: a file larger than
// the limit (2 MiB; WARPSAFE_CHECK_INLINE_LIMIT, in bytes, for tests) is compiled in one step
// instead. Measured on tests/warp/warp_scan_test.cu (9.3 MB of bitcode): 14 s, then 140 s for the
// second step, against 28 s in one step, whose 6 schedules then ran in 2.5-3.1 s against 3.6-3.7 s;
// warp_reduce_test.cu (3.1 MB): 52 s in two steps, 25 s in one, 1.2-1.4 s either way to run.
// warp_shuffle_test.cu (1.4 MB, 10 s for the second step) keeps it.
bool InlineStepWorthIt(std::uintmax_t bytes);

// Whether the second step's diagnostics say that the compiler dropped the bitcode's debug
// information, which LLVM does, with a warning and nothing else, when it finds it invalid: the
// caller then compiles the file in one step, whose reports keep their lines.
bool DroppedDebugInformation(const std::string& diagnostics);

// The options that put CCCL's shadow tree (cccl.h) first on a compile's include path, with what
// CCCL needs on the engine; CompileCommand's, and those `warpsafe translate --options-file` writes
// for cmake/Warpsafe.cmake.
std::vector<std::string> CcclCompileOptions(const std::string& shadow_dir);

// Links objects (device pass objects first, see pass_join.h) with the engine into an executable.
// `user_options`: the user's compiler options, then linker options (nvcc's -Xcompiler, -l, -L,
// -Xlinker), after the engine's libraries so that they may name libraries the program needs.
// `loads_modules`: the program compiles code at run time (it includes <nvrtc.h>) and loads it as
// shared objects, whose references to the engine must resolve to the program's own copy: the whole
// engine is linked, and its symbols exported (--export-dynamic).
std::vector<std::string> LinkCommand(const std::vector<std::string>& objects, const std::string& output,
                                     bool instrumented, const std::vector<std::string>& user_options = {},
                                     bool loads_modules = false);

// Links a runtime-compiled program's device object into a shared object: the engine is left
// undefined (the loading program provides it), the object's own functions bind to themselves
// (-Bsymbolic-functions: the program may have a function of the same name compiled for the host),
// and printf, malloc and the rest are wrapped as in the program.
std::vector<std::string> ModuleLinkCommand(const std::vector<std::string>& objects, const std::string& output,
                                           bool instrumented);

// Why no program can be built now (compiler or engine library missing), or nullopt.
std::optional<std::string> ToolchainProblem(bool instrumented = false);

// Size, modification time and path of a file (the compiler's found through PATH), for cache keys.
std::string FileIdentity(const std::string& path_or_name);

// `name` looked up as the shell would (contains '/': itself); nullopt if not executable.
std::optional<std::string> FindExecutable(const std::string& name);

}  // namespace warpsafe::cli
