// The front end as one call: a .cu file in, C++ for the host compiler out.
//
//   #define __WARPSAFE_ARCH__ 900
//   #include <cuda_runtime.h>
//   #include <warpsafe/engine/shared_proxy.h>
//   #undef __noinline__                          (spelled out in the user's code instead)
//   #define main warpsafe_user_main              (--wrap-main, or a file that surely defines main)
//   #line 1 "/abs/path/FILE.cu"
//   <FILE.cu, local headers inlined, launches and __shared__ rewritten, line for line>
//   #undef main                                  (when main is renamed: the program's main)
//   #ifndef __WARPSAFE_DEVICE_PASS__
//   #include <warpsafe/engine/main.h>
//   int main(int argc, char** argv) { return ::warpsafe::engine::EngineMain(...); }  (--wrap-main;
//                                     else it calls warpsafe_user_main with argc and argv)
//   #endif
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "include_inliner.h"

namespace warpsafe::frontend {

// Rewrites the launches and __shared__ declarations of one translation unit's text. The result has
// exactly as many lines as `source`, each construct on its first line. With `wrap_main` (main is
// renamed), `int main` also gets the `return 0;` that C++ implies only for the real main, and at
// namespace scope it is made `static inline` (translate.cpp, InternalMain, says why). With `register_kernels`,
// each non-template kernel definition is followed by its registration (kernel_registration.h): on
// for a program's translation unit, off for the headers of the shadow tree. A non-empty `unit` (an
// identifier fragment unique to the translation unit) gives kernels and device variables with
// internal linkage names the two passes can join (internal_linkage.h); the shadow tree's headers,
// shared by every unit, pass none.
std::string RewriteCuda(std::string_view source, bool wrap_main = false, bool register_kernels = false,
                        std::string_view unit = {});

// An identifier fragment naming the translation unit of `abs_path` (a hash of the path).
std::string UnitId(std::string_view abs_path);

struct TranslateOptions {
  int arch = 90;  // compute capability x10: sm_86 -> 86
  bool wrap_main = false;
  std::vector<std::string> include_dirs;
};

struct TranslateResult {
  std::string text;
  std::vector<std::string> dependencies;  // the .cu file, then every inlined header
  std::vector<std::string> errors;        // non-empty: translation failed
};

// `path` is made absolute for #line; `source` is its contents.
TranslateResult Translate(const std::string& path, const std::string& source, const TranslateOptions& options,
                          const FileReader& read = DiskReader());

// `renames_main`: the file's main becomes warpsafe_user_main, which the trailer's main calls (with
// wrap_main through the engine's main, else directly); Translate sets it with wrap_main and for a
// file that defines main outside every preprocessor conditional.
std::string Prologue(const std::string& abs_path, const TranslateOptions& options, bool renames_main);
// The prologue's first line and its last #include line: what precedes the end of the second is the
// same for every file of one architecture, and the CLI precompiles it (precompiled_prologue.h).
inline constexpr std::string_view kPrologueFirstLine = "#define __NVCC__ 1\n";
inline constexpr std::string_view kPrologueLastInclude = "#include <warpsafe/engine/shared_proxy.h>\n";
std::string Trailer(const TranslateOptions& options, bool renames_main);

// Whether `source` defines `int main(`: the file of a several-file program that gets the engine's
// main (see --wrap-main).
bool DefinesMain(std::string_view source);

// A host C++ file (.cpp) that defines main, given the engine's main as Translate does with
// `wrap_main`; no CUDA rewriting (nvcc compiles .cpp files as plain host C++).
std::string TranslateHostFile(const std::string& path, std::string_view source, int arch);

// A C file (.c) that defines main: its main renamed as TranslateHostFile renames it, without the
// C++ wrapper, which CMainWrapper() gives as a unit of its own (the file stays C, so that what it
// declares keeps C linkage).
std::string TranslateCMainFile(const std::string& path, std::string_view source);
std::string CMainWrapper();

// "sm_86" -> 86; 0 when not one of the architectures warpsafe models (sm_70 .. sm_90).
int ParseArch(std::string_view text);

// A Make-syntax depfile: `target: dep dep ...`, spaces and specials escaped.
std::string MakeDepfile(const std::string& target, const std::vector<std::string>& deps);

}  // namespace warpsafe::frontend
