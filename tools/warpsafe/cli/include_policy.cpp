#include "cli/include_policy.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "cli/compile_limits.h"
#include "cli/process.h"
#include "cli/program_cache.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;

std::vector<std::string> ParseIncludeSearchList(const std::string& verbose_output) {
  std::vector<std::string> dirs;
  std::istringstream in(verbose_output);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#include <...> search starts here:", 0) == 0) {
      inside = true;
    } else if (line.rfind("End of search list.", 0) == 0) {
      break;
    } else if (inside && !line.empty() && line[0] == ' ') {
      std::string dir = line.substr(1);
      // Apple-style " (framework directory)" suffixes never apply here, but must not become paths.
      const std::size_t note = dir.find(" (");
      if (note != std::string::npos) dir.resize(note);
      dirs.push_back(fs::path(dir).lexically_normal().string());
    }
  }
  return dirs;
}

const CompilerFacts& ProbeCompiler(const std::vector<std::string>& compiler) {
  static std::mutex mutex;
  static std::map<std::vector<std::string>, CompilerFacts> asked;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = asked.find(compiler); it != asked.end()) return it->second;
  CompilerFacts facts;
  if (!compiler.empty()) {
    std::error_code ec;
    const std::string log = (fs::temp_directory_path(ec) / ("warpsafe-include-dirs" + UniqueSuffix())).string();
    ProcessSpec spec;
    spec.executable = compiler[0];
    spec.argv = compiler;
    for (const char* w : {"-xc++", "-E", "-v", "-"}) spec.argv.push_back(w);
    spec.stdin_path = "/dev/null";
    spec.stdout_path = "/dev/null";
    spec.stderr_path = log;
    // Bounded like a compile: a compiler that hangs must not hang warpsafe here.
    spec.timeout_seconds = QuietCompileTimeLimit();
    const ProcessStatus st = RunProcess(spec);
    if (st.started && st.signal == 0 && st.exit_code == 0) {
      std::ifstream in(log);
      std::stringstream text;
      text << in.rdbuf();
      facts.include_dirs = ParseIncludeSearchList(text.str());
      facts.gcc_version = ParseGccVersion(text.str());
    }
    fs::remove(log, ec);
  }
  return asked.emplace(compiler, std::move(facts)).first->second;
}

std::vector<std::string> CompilerIncludeDirs(const std::vector<std::string>& compiler) {
  return ProbeCompiler(compiler).include_dirs;
}

std::string ParseGccVersion(const std::string& verbose_output) {
  // GCC ends its -v output with "gcc version 12.2.0 (Debian 12.2.0-14)"; clang says "clang version".
  std::istringstream in(verbose_output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("gcc version ", 0) == 0) return line;
  }
  return "";
}

bool HoldsCudaToolkitHeaders(const std::string& dir) {
  std::error_code ec;
  const fs::path d(dir);
  return fs::exists(d / "cuda_runtime_api.h", ec) || fs::exists(d / "crt" / "host_config.h", ec);
}

bool ShadowsEngineHeaders(const std::string& dir, const std::string& engine_include_dir) {
  std::error_code ec;
  for (fs::directory_iterator it(engine_include_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name == "warpsafe") continue;  // the engine's own folder, never a toolkit's
    if (fs::exists(fs::path(dir) / name, ec)) return true;
  }
  return false;
}

std::vector<std::string> StandardIncludeOptions(const std::vector<std::string>& compiler) {
  const std::vector<std::string> dirs = CompilerIncludeDirs(compiler);
  // Unknown defaults: leave the compiler's own list alone rather than build against nothing.
  if (dirs.empty()) return {};
  std::vector<std::string> options{"-nostdinc"};
  for (const std::string& d : dirs) {
    if (!HoldsCudaToolkitHeaders(d)) options.insert(options.end(), {"-isystem", d});
  }
  return options;
}

}  // namespace warpsafe::cli
