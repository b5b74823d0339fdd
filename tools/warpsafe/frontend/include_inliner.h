// Inlines the local includes of a .cu file, so that the rewriters see (and rewrite) the kernels,
// launches and __shared__ declarations of the user's own headers and of header-only CUDA libraries
// (warpsafe's own collectives among them). `#include "x.cuh"` that resolves (relative to the
// including file's directory, then the main file's, then the -I directories) and `#include <x.cuh>`
// that resolves in a -I directory become
//
//   #line 1 "/abs/x.cuh"
//   <x.cuh, its own includes inlined>
//   #line N "/abs/includer.cu"      (N: the includer's line after the #include)
//
// `#pragma once` is honoured (a second inclusion becomes an empty line) and removed; include guards
// are left to the preprocessor. An include cycle through a file with an include guard is cut (the
// guard would empty it); through a file with neither, it is an error. Includes that do not resolve
// (system headers, <cuda_runtime.h>) are left as they are.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warpsafe::frontend {

struct InlineResult {
  std::string text;
  std::vector<std::string> inlined_files;  // absolute paths, in order of first inclusion
  std::vector<std::string> errors;         // "path:line: error: ..." lines; non-empty: failed
};

// Reads a file's contents; nullopt if it cannot be read. Replaceable so tests need no files.
using FileReader = std::function<std::optional<std::string>(const std::string& path)>;
FileReader DiskReader();

// `main_path` must be absolute; `main_text` is its contents.
InlineResult InlineIncludes(const std::string& main_path, const std::string& main_text,
                            const std::vector<std::string>& include_dirs, const FileReader& read = DiskReader());

// A file the compiler reads from somewhere else than its own folder (a translated host source) would
// lose the rule that `#include "x.h"` looks beside the includer first. This names every such include
// of `main_path`'s own text that resolves beside it by its absolute path instead, each directive on
// its own line still, so the compiler needs no -iquote of the user's folder (which would also serve
// the quoted includes of system headers: a project folder holding `boost/config/...` would shadow
// the system's Boost). `main_path` must be absolute.
std::string AnchorQuotedIncludes(const std::string& main_path, const std::string& main_text,
                                 const FileReader& read = DiskReader());

// A path as a C string literal body (backslashes and quotes escaped), for #line.
std::string EscapePath(const std::string& path);

}  // namespace warpsafe::frontend
