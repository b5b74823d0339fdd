#include "cli/precompiled_prologue.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>

#include "cli/compile_limits.h"
#include "cli/include_policy.h"
#include "cli/process.h"
#include "cli/program_cache.h"
#include "cli/toolchain.h"
#include "frontend/translate.h"
#include "toolchain_config.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;

namespace {

// Precompiled prologues kept in the cache (one per option set and architecture: a project
// typically has a few), and how long one unused must wait before it is removed: a build that
// chose it a moment ago must still find it.
constexpr std::size_t kKeptPrologues = 16;
constexpr auto kMinimumIdle = std::chrono::hours(1);

constexpr std::string_view kIncludeDirectoryOptions[] = {"-I", "-isystem", "-idirafter", "-iquote"};

bool IncludeDirectoryOption(const std::string& w) {
  return std::find(std::begin(kIncludeDirectoryOptions), std::end(kIncludeDirectoryOptions), w) !=
         std::end(kIncludeDirectoryOptions);
}

// `-Idir`: the option and its directory in one word.
bool JoinedIncludeDirectoryOption(const std::string& w) {
  for (const std::string_view o : kIncludeDirectoryOptions) {
    if (w.size() > o.size() && w.compare(0, o.size(), o) == 0) return true;
  }
  return false;
}

// The compile's options for another run of the compiler: without its input (the last word), its
// output, -c and its dependency file.
std::vector<std::string> BaseOptions(const std::vector<std::string>& compile) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i + 1 < compile.size(); ++i) {
    const std::string& w = compile[i];
    if (w == "-o" || w == "-MF" || w == "-MT" || w == "-MQ") {
      ++i;
    } else if (w != "-c" && w != "-MD" && w != "-MMD") {
      out.push_back(w);
    }
  }
  return out;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs a compiler quietly (its output to `log`, removed); whether it succeeded.
bool RunQuietly(const std::vector<std::string>& argv, const std::string& stdin_path, const std::string& log) {
  ProcessSpec spec;
  spec.executable = argv[0];
  spec.argv = argv;
  spec.stdin_path = stdin_path.empty() ? "/dev/null" : stdin_path;
  spec.stdout_path = "/dev/null";
  spec.stderr_path = log;
  spec.timeout_seconds = QuietCompileTimeLimit();
  const ProcessStatus st = RunProcess(spec);
  std::error_code ec;
  fs::remove(log, ec);
  return st.started && st.signal == 0 && st.exit_code == 0;
}

// Removes the least recently used prologues beyond kKeptPrologues that have been idle long enough.
void RemoveOldPrologues(const fs::path& root) {
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> entries;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code time_ec;
    const fs::file_time_type t = fs::last_write_time(it->path(), time_ec);
    if (!time_ec && it->is_directory(time_ec)) entries.emplace_back(t, it->path());
  }
  if (entries.size() <= kKeptPrologues) return;
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const fs::file_time_type now = fs::file_time_type::clock::now();
  for (std::size_t i = kKeptPrologues; i < entries.size(); ++i) {
    if (now - entries[i].first >= kMinimumIdle) fs::remove_all(entries[i].second, ec);
  }
}

}  // namespace

std::optional<PrologueSplit> SplitPrologue(const std::string& text) {
  if (text.rfind(frontend::kPrologueFirstLine, 0) != 0) return std::nullopt;
  const std::size_t at = text.find(frontend::kPrologueLastInclude);
  if (at == std::string::npos || text[at - 1] != '\n') return std::nullopt;
  const std::size_t end = at + frontend::kPrologueLastInclude.size();
  // Only directives may precede it: the head is precompiled whole, and a line of code between the
  // first line and the last #include would mean this is not the prologue Translate writes.
  for (std::size_t line = 0; line < at; line = text.find('\n', line) + 1) {
    if (text[line] != '#') return std::nullopt;
  }
  return PrologueSplit{text.substr(0, end), text.substr(end)};
}

std::vector<std::string> PrologueKeyOptions(const std::vector<std::string>& compile) {
  std::vector<std::string> out;
  for (const std::string& w : BaseOptions(compile)) {
    if (!out.empty() && IncludeDirectoryOption(out.back())) {
      out.pop_back();  // the directory after a separate option word: both go
    } else if (!JoinedIncludeDirectoryOption(w)) {
      out.push_back(w);
    }
  }
  return out;
}

std::vector<std::string> CompileWithPrologue(const std::vector<std::string>& compile, const std::string& header,
                                             const std::string& input) {
  std::vector<std::string> out(compile.begin(), compile.end() - 1);
  // With -fpch-deps the depfile lists the headers the prologue read, as it did when they were
  // parsed here: the program cache's stamp must see an edited engine header.
  if (std::find(out.begin(), out.end(), "-MD") != out.end()) out.push_back("-fpch-deps");
  out.insert(out.end(), {"-include", header, input});
  return out;
}

std::optional<std::string> PrecompiledPrologue(const std::vector<std::string>& compile, const std::string& head,
                                               std::string* note) {
  if (const char* off = std::getenv("WARPSAFE_PRECOMPILED_PROLOGUE"); off != nullptr && std::string(off) == "0") {
    return std::nullopt;
  }
  const std::vector<std::string> compiler = CompilerCommand();
  const std::string gcc = ProbeCompiler(compiler).gcc_version;
  if (gcc.empty() || compile.size() < 2) return std::nullopt;  // clang reads no GCC .gch
  const CacheChoice cache = ChooseCacheDirectory();
  if (cache.dir.empty()) return std::nullopt;
  const fs::path root = fs::path(cache.dir) / "prologue";
  std::error_code ec;
  fs::create_directories(root, ec);
  const std::vector<std::string> base = BaseOptions(compile);

  // The prologue as this compile would read it: every header's text and every macro it leaves.
  const std::string suffix = UniqueSuffix();
  const std::string head_file = (root / ("head" + suffix)).string();
  const std::string preprocessed = head_file + ".ii";
  if (!WriteFileAtomically(head_file, head)) return std::nullopt;
  std::vector<std::string> expand = base;
  // Without the working directory GCC writes into it with -g: a program's folder must not matter.
  expand.insert(expand.end(), {"-x", "c++", "-E", "-dD", "-fno-working-directory", "-", "-o", preprocessed});
  const bool expanded = RunQuietly(expand, head_file, head_file + ".log");
  fs::remove(head_file, ec);
  if (!expanded) {
    fs::remove(preprocessed, ec);
    return std::nullopt;  // the compile itself will say what is wrong
  }
  Fingerprint fp;
  fp.Add("warpsafe precompiled prologue 1");
  fp.Add(config::kVersion);
  fp.Add(gcc);
  fp.Add(FileIdentity(compiler[0]));
  for (const std::string& w : PrologueKeyOptions(compile)) fp.Add(w);
  fp.Add(ReadAll(preprocessed));
  fs::remove(preprocessed, ec);

  const fs::path dir = root / fp.Hex();
  const std::string header = (dir / "prologue.h").string();
  const std::string gch = header + ".gch";
  if (fs::is_regular_file(gch, ec) && fs::is_regular_file(header, ec)) {
    fs::last_write_time(dir, fs::file_time_type::clock::now(), ec);  // used: kept longest
    if (note != nullptr) *note = "precompiled prologue: " + header + ".gch";
    return header;
  }
  // Built where it will be used: the depfile of every compile that reads it names these paths.
  const auto start = std::chrono::steady_clock::now();
  fs::create_directories(dir, ec);
  if (!WriteFileAtomically(header, head)) return std::nullopt;
  // For a person looking into the cache: which options this one is for.
  std::string options;
  for (const std::string& w : PrologueKeyOptions(compile)) options += w + "\n";
  WriteFileAtomically((dir / "options").string(), options);
  // GCC records the header's dependencies in it only when it writes them as it builds it (-MD):
  // the compiles' -fpch-deps lists nothing otherwise.
  std::vector<std::string> build = base;
  build.insert(build.end(), {"-x", "c++-header", header, "-o", gch + suffix, "-MD", "-MF", gch + suffix + ".d"});
  const bool built = RunQuietly(build, "", gch + suffix + ".log");
  fs::remove(gch + suffix + ".d", ec);
  if (!built) {
    fs::remove(gch + suffix, ec);
    return std::nullopt;
  }
  fs::rename(gch + suffix, gch, ec);
  if (ec) {
    fs::remove(gch + suffix, ec);
    return std::nullopt;
  }
  RemoveOldPrologues(root);
  if (note != nullptr) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    *note = "precompiled the prologue in " + std::to_string(seconds).substr(0, 4) + " s: " + gch;
  }
  return header;
}

}  // namespace warpsafe::cli
