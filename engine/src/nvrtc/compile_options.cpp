#include "nvrtc/compile_options.h"

#include <cstddef>
#include <set>

namespace warpsafe::engine::nvrtc {
namespace {

// An option's long name for each short name NVRTC accepts.
struct Alias {
  const char* short_name;
  const char* long_name;
};
constexpr Alias kAliases[] = {
    {"arch", "gpu-architecture"}, {"dc", "device-c"}, {"dw", "device-w"}, {"rdc", "relocatable-device-code"},
    {"ewp", "extensible-whole-program"}, {"G", "device-debug"}, {"lineinfo", "generate-line-info"},
    {"Xptxas", "ptxas-options"}, {"maxrregcount", "maxrregcount"}, {"ftz", "ftz"}, {"prec-sqrt", "prec-sqrt"},
    {"prec-div", "prec-div"}, {"fmad", "fmad"}, {"use_fast_math", "use_fast_math"},
    {"extra-device-vectorization", "extra-device-vectorization"}, {"dlto", "dlink-time-opt"},
    {"D", "define-macro"}, {"U", "undefine-macro"}, {"I", "include-path"}, {"include", "pre-include"},
    {"std", "std"}, {"w", "disable-warnings"}, {"restrict", "restrict"},
    {"default-device", "device-as-default-execution-space"}, {"err-no", "display-error-number"},
    {"no-err-no", "no-display-error-number"}, {"opt-info", "optimization-info"}, {"brief-diag", "brief-diagnostics"},
    {"dopt", "dopt"}, {"split-compile", "split-compile"}, {"device-int128", "device-int128"},
};

// Options that take a value (`--name=value`, `-name=value` or `-name value`).
const std::set<std::string>& ValueOptions() {
  static const std::set<std::string> names{
      "gpu-architecture", "relocatable-device-code", "ptxas-options", "maxrregcount", "ftz", "prec-sqrt",
      "prec-div", "fmad", "define-macro", "undefine-macro", "include-path", "pre-include", "std",
      "optimization-info", "diag-error", "diag-suppress", "diag-warn", "brief-diagnostics", "dopt",
      "split-compile", "time", "modify-stack-limit", "builtin-move-forward", "builtin-initializer-list",
      "jump-table-density", "device-stack-protector", "fdevice-time-trace", "Werror", "minimal"};
  return names;
}

// Options that change nothing in a CPU build of the program: code generation, diagnostics' form,
// timing files. Accepted, as NVRTC accepts them.
const std::set<std::string>& NoEffectOptions() {
  static const std::set<std::string> names{
      "device-c", "device-w", "relocatable-device-code", "extensible-whole-program", "device-debug",
      "generate-line-info", "ptxas-options", "maxrregcount", "ftz", "prec-sqrt", "prec-div", "fmad",
      "use_fast_math", "extra-device-vectorization", "dlink-time-opt", "disable-warnings", "restrict",
      "device-as-default-execution-space", "display-error-number", "no-display-error-number",
      "optimization-info", "diag-error", "diag-suppress", "diag-warn", "brief-diagnostics", "dopt",
      "split-compile", "time", "modify-stack-limit", "builtin-move-forward", "builtin-initializer-list",
      "jump-table-density", "device-stack-protector", "fdevice-time-trace", "device-int128", "Werror",
      "Wreorder", "Wdefault-stream-launch", "Wmissing-launch-bounds", "Wext-lambda-captures-this",
      "no-source-include", "minimal", "fdevice-syntax-only", "trace-fwd-decl"};
  return names;
}

std::string LongName(const std::string& name) {
  for (const Alias& a : kAliases) {
    if (name == a.short_name) return a.long_name;
  }
  return name;
}

// "sm_86" or "compute_86" as 86; 0 for anything else.
int ArchNumber(const std::string& value) {
  std::string digits;
  if (value.rfind("sm_", 0) == 0) digits = value.substr(3);
  if (value.rfind("compute_", 0) == 0) digits = value.substr(8);
  if (digits.empty() || digits.size() > 3 || digits.find_first_not_of("0123456789") != std::string::npos) return 0;
  return std::stoi(digits);
}

}  // namespace

const std::vector<int>& SupportedArchs() {
  static const std::vector<int> archs{60, 70, 75, 80, 86, 89, 90};
  return archs;
}

BuildOptions ParseOptions(const std::vector<std::string>& options, const std::string& default_arch) {
  BuildOptions out;
  out.arch = default_arch;
  for (std::size_t i = 0; i < options.size(); ++i) {
    const std::string& given = options[i];
    if (given.size() < 2 || given[0] != '-') {
      out.error = "unrecognized option '" + given + "'";
      return out;
    }
    std::string name = given.substr(given[1] == '-' ? 2 : 1);
    std::string value;
    bool has_value = false;
    if (given[1] != '-' && name.size() > 1 && (name[0] == 'I' || name[0] == 'D' || name[0] == 'U')) {
      value = name.substr(1);  // -Idir, -DNAME=1, -UNAME
      name = name.substr(0, 1);
      has_value = true;
    } else if (const std::size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    name = LongName(name);
    const bool takes_value = ValueOptions().count(name) != 0;
    if (takes_value && !has_value) {
      if (i + 1 >= options.size()) {
        out.error = "option '" + given + "' needs a value";
        return out;
      }
      value = options[++i];
      has_value = true;
    }
    if (!takes_value && has_value) {
      out.error = "unrecognized option '" + given + "'";
      return out;
    }
    if (name == "gpu-architecture") {
      const int number = ArchNumber(value);
      bool supported = false;
      for (int a : SupportedArchs()) supported = supported || a == number;
      if (!supported) {
        out.error = "unsupported architecture '" + value + "' (the engine builds for sm_60, sm_70, sm_75, sm_80, "
                    "sm_86, sm_89 and sm_90, or compute_ of the same)";
        return out;
      }
      out.arch = "sm_" + std::to_string(number);
    } else if (name == "include-path") {
      out.include_dirs.push_back(value);
    } else if (name == "define-macro") {
      out.defines.push_back(value);
    } else if (name == "undefine-macro") {
      out.compiler_options.push_back("-U" + value);
    } else if (name == "pre-include") {
      out.compiler_options.push_back("-include");
      out.compiler_options.push_back(value);
    } else if (name == "std") {
      // The engine's headers need C++17: an older standard is built as C++17, which accepts what
      // the older one does in all but a few removed features; C++20 is C++20.
      if (value != "c++03" && value != "c++11" && value != "c++14" && value != "c++17" && value != "c++20") {
        out.error = "unsupported value '" + value + "' for --std (c++03, c++11, c++14, c++17 or c++20)";
        return out;
      }
      if (value == "c++20") out.compiler_options.push_back("-std=gnu++20");
    } else if (NoEffectOptions().count(name) == 0) {
      out.error = "unrecognized option '" + given + "'";
      return out;
    }
  }
  return out;
}

}  // namespace warpsafe::engine::nvrtc
