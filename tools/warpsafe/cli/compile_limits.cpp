#include "cli/compile_limits.h"

#include "cli/stopped_include.h"

#include <cerrno>
#include <cstdlib>
#include <iostream>

namespace warpsafe::cli {

std::optional<unsigned> CompileTimeLimit() {
  const char* text = std::getenv("WARPSAFE_COMPILE_SECONDS");
  if (text == nullptr || *text == '\0') return kDefaultCompileSeconds;
  const std::string value = text;
  errno = 0;
  const unsigned long long v = std::strtoull(text, nullptr, 10);
  if (value.find_first_not_of("0123456789") != std::string::npos || errno == ERANGE || v == 0 || v > 86400) {
    std::cerr << "warpsafe: bad value for WARPSAFE_COMPILE_SECONDS: '" << value << "' (expected 1 to 86400)"
              << std::endl;
    return std::nullopt;
  }
  return static_cast<unsigned>(v);
}

unsigned QuietCompileTimeLimit() {
  const char* text = std::getenv("WARPSAFE_COMPILE_SECONDS");
  if (text == nullptr || *text == '\0') return kDefaultCompileSeconds;
  const std::string value = text;
  const unsigned long long v = std::strtoull(text, nullptr, 10);
  if (value.find_first_not_of("0123456789") != std::string::npos || v == 0 || v > 86400) return kDefaultCompileSeconds;
  return static_cast<unsigned>(v);
}

void PrintFrontEndErrors(const std::vector<std::string>& errors) {
  for (std::size_t i = 0; i < errors.size() && i < kMaxShownErrors; ++i) std::cerr << errors[i] << "\n";
  if (errors.size() > kMaxShownErrors) {
    const std::size_t rest = errors.size() - kMaxShownErrors;
    std::cerr << "warpsafe: " << rest << " more error" << (rest == 1 ? "" : "s") << " not shown\n";
  }
}

std::string CompileFailure(const std::string& file, const ProcessStatus& status, unsigned time_limit) {
  if (status.timed_out) {
    return file + " did not compile within " + std::to_string(time_limit) +
           " s: the compiler was stopped (WARPSAFE_COMPILE_SECONDS sets the limit)";
  }
  // A compile stopped at an #include (a refused header, one this machine lacks) is said as such:
  // the header and the line that includes it, which the compiler's own words bury in a chain.
  if (status.signal == 0 && !status.stopped_for_errors) {
    if (const std::optional<StoppedInclude> stop = FindStoppedInclude(status.diagnostics_head)) {
      return file + " does not compile: " + DescribeStoppedInclude(*stop);
    }
  }
  std::string text = file + " does not compile (compiler ";
  if (status.stopped_for_errors) {
    text += "stopped after " + std::to_string(kMaxShownErrors + status.errors_not_shown) + " errors)";
  } else if (status.signal != 0) {
    text += "killed by " + SignalName(status.signal) + ")";
  } else {
    text += "exit " + std::to_string(status.exit_code) + ")";
  }
  if (status.errors_not_shown != 0) {
    text += "; " + std::string(status.stopped_for_errors ? "at least " : "") + std::to_string(status.errors_not_shown) +
            " more error" + (status.errors_not_shown == 1 ? "" : "s") + " not shown";
  }
  return text;
}

}  // namespace warpsafe::cli
