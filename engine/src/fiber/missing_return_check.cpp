// The missing-return check every C++ pass is compiled with (-fsanitize=return, g++ and clang;
// tools/warpsafe/cli/toolchain.cpp): where a function with a non-void return type can reach its
// closing brace, the compiler places a call to __ubsan_handle_missing_return, defined here, instead
// of nothing. No UndefinedBehaviorSanitizer runtime is linked.
//
// Flowing off the end of such a function is undefined in C++ ([stmt.return]). Unchecked, the
// optimiser treats that end as unreachable, so the code runs on into whatever follows the function
// in memory: a host helper `bool ReadMatrix(...)` with no return statement crashed a benchmark
// with SIGSEGV and no word of why, where nvcc's default host build (no optimisation) happened to
// return garbage and go on. Reaching the end is reported, in a GPU thread or on the host, with the
// function's file:line, and the run stops there (exit 66). See docs/semantics/missing_return.md.
#include <cstdint>

#include "report/report.h"

namespace {

// The compiler's static description of the check (the layout g++ and clang share).
struct CheckLocation {
  const char* file;
  std::uint32_t line;
  std::uint32_t column;
};
struct MissingReturnCheck {
  CheckLocation location;
};

}  // namespace

// The compiler declares the handler as never returning: Emit() ends the process.
extern "C" void __ubsan_handle_missing_return(const MissingReturnCheck* check) {
  using namespace warpsafe::engine;
  const Site site{check->location.file, check->location.line, check->location.column};
  Report(DefectKind::kMissingReturn)
      .AtRunning(site, "the function that reached its end")
      .Line("its return type is not void and it ran to its closing brace without a return statement: undefined in "
            "C++ (the caller would read a value nothing set, and optimised code runs on past the function's end)")
      .Emit();
}
