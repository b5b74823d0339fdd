// Which directories a translated program's #include lines may resolve to. In order: the user's -I
// directories, the engine's CUDA headers (engine/include), warpsafe's library (include/), then the
// host compiler's own standard directories less every directory that holds CUDA toolkit headers.
// An installed toolkit must never decide what builds: on many machines /usr/local/include links
// into it, and the compiler searches it by default, so a header the engine lacks would silently
// come from the toolkit (and fail deep inside it, or work only where a toolkit is installed).
#pragma once

#include <string>
#include <vector>

namespace warpsafe::cli {

// What `compiler -E -v` says of the compiler, asked once per compiler per process (all empty if it
// cannot be asked): its default `#include <...>` directories, in search order (lexically
// normalised), and, for GCC, its version line (empty for another compiler).
struct CompilerFacts {
  std::vector<std::string> include_dirs;
  std::string gcc_version;
};
const CompilerFacts& ProbeCompiler(const std::vector<std::string>& compiler);
std::vector<std::string> CompilerIncludeDirs(const std::vector<std::string>& compiler);

// Whether `dir` holds CUDA toolkit headers: a cuda_runtime_api.h, or a crt/host_config.h (the
// toolkit's internal headers), found by content rather than by a known install path.
bool HoldsCudaToolkitHeaders(const std::string& dir);

// Whether `dir` holds a header under a name `engine_include_dir` provides (cooperative_groups.h,
// cuda_fp16.h, a cooperative_groups/ folder, ...): a copy of the toolkit's, as a program that
// compiles at run time ships beside itself for NVRTC. `warpsafe build-module` searches such a
// directory after the engine's and the system's headers, so the engine's copy wins.
bool ShadowsEngineHeaders(const std::string& dir, const std::string& engine_include_dir);

// The options that replace the compiler's default directories by the filtered ones: -nostdinc,
// then `-isystem DIR` for each kept directory, in the compiler's order (so #include_next inside the
// C++ library still finds the C library after it).
std::vector<std::string> StandardIncludeOptions(const std::vector<std::string>& compiler);

// The parsing steps of ProbeCompiler, for tests: from the stderr of `compiler -E -v`.
std::vector<std::string> ParseIncludeSearchList(const std::string& verbose_output);
std::string ParseGccVersion(const std::string& verbose_output);

}  // namespace warpsafe::cli
