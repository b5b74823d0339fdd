// Bounds on what compiling one FILE.cu may cost the user: the diagnostics shown (a file of garbage
// makes a compiler print hundreds of megabytes of errors) and the time (a compiler may take
// minutes, or never finish, on pathological input). Past either, warpsafe says so in one line and
// exits kExitCompileError.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cli/process.h"

namespace warpsafe::cli {

// Error diagnostics shown, from the front end and from the compiler; the rest are counted.
inline constexpr std::size_t kMaxShownErrors = 20;
// The compile's time limit unless WARPSAFE_COMPILE_SECONDS says otherwise. Generous: a heavily
// templated file (CUB, the library's own scan tests) takes minutes under instrumentation on a
// loaded two-core machine; the limit is a backstop for a compiler that never finishes, while the
// error cap above already ends the floods of a file of garbage.
inline constexpr unsigned kDefaultCompileSeconds = 1800;

// $WARPSAFE_COMPILE_SECONDS (1 to 86400), else kDefaultCompileSeconds; nullopt after saying why
// the variable's value is not usable (the caller exits kExitUsage).
std::optional<unsigned> CompileTimeLimit();
// The same limit for the compiler's other runs (its include directories, a preprocessing), silent:
// a bad value is reported once, by the compile itself; meanwhile the default applies.
unsigned QuietCompileTimeLimit();

// Prints the front end's errors, the first kMaxShownErrors of them and a count of the rest.
void PrintFrontEndErrors(const std::vector<std::string>& errors);

// The sentence after a failed compile of `file`: why it failed, and how many errors were not
// shown ("x.cu does not compile (compiler exit 1); 37 more errors not shown"), or the #include that
// stopped it ("x.cu does not compile: x.cu:3: <nvrtc.h> (NVRTC run-time compilation) is not
// supported by the engine").
std::string CompileFailure(const std::string& file, const ProcessStatus& status, unsigned time_limit);

}  // namespace warpsafe::cli
