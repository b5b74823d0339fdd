// nvrtcCompileProgram's work: a runtime-compiled program built into a shared object by the
// `warpsafe` command, the same front end and host compiler that built the program itself.
//
// The source and the headers given to nvrtcCreateProgram are written into a directory of their
// own (named by a hash of everything that goes into the build, under $TMPDIR/warpsafe-nvrtc-<uid>,
// so that the same program compiled again is found in `warpsafe`'s cache of built programs), and
// `warpsafe build-module` builds the source as device code into a position-independent shared
// object, instrumented when the program itself is (a `warpsafe check` build). The object is then
// loaded (its kernels register themselves) and each name expression's symbol read. The compiler's
// messages are the program log, with the directory left out of the file names. Internal to
// engine/src/nvrtc. docs/semantics/nvrtc.md.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "nvrtc/compile_options.h"

namespace warpsafe::engine::nvrtc {

struct CompileInput {
  std::string source;
  std::string name;  // nvrtcCreateProgram's name ("default_program" when it gave none)
  std::vector<std::pair<std::string, std::string>> headers;  // (include name, text)
  std::vector<std::string> name_expressions;
  BuildOptions options;
  bool instrumented = false;  // build as `warpsafe check` does
};

enum class CompileStatus {
  kBuilt,
  kCompileError,  // the source does not compile: the log says why (NVRTC_ERROR_COMPILATION)
  kNoBuilder,     // no `warpsafe` command, no directory to write in, or the object does not load
};

struct CompileOutput {
  CompileStatus status = CompileStatus::kNoBuilder;
  std::string log;
  std::string object_path;  // the built shared object
  void* handle = nullptr;   // the object, loaded
  std::vector<std::string> lowered_names;  // per name expression
};

CompileOutput Compile(CompileInput input);

// Where a quoted #include the headers do not satisfy is looked for: the directory of `name` when
// it is a path (relative to the working directory), then the working directory.
std::vector<std::string> QuoteSearchDirs(const std::string& name);

// The text appended to the source for the name expressions: one extern "C" pointer each
// (warpsafe/engine/name_expression.h), on lines after the program's own.
std::string NameExpressionAppendix(const std::vector<std::string>& expressions);
// The extern "C" name of expression i's pointer.
std::string NameExpressionSymbol(std::size_t i);

// `log` with every "<dir>/<file>" written as NVRTC names the source ("<name>" for the program's
// own file, the include name for a header).
std::string CleanLog(std::string log, const std::string& dir, const std::string& file, const std::string& name);

}  // namespace warpsafe::engine::nvrtc
