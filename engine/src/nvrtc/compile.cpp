#include "nvrtc/compile.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "nvrtc/module_image.h"

extern char** environ;

namespace warpsafe::engine::nvrtc {
namespace {

// FNV-1a, 64 bits: names the build directory, the same in every run for the same input.
struct Hash {
  std::uint64_t value = 14695981039346656037ull;
  void Add(const std::string& text) {
    for (const unsigned char c : text) value = (value ^ c) * 1099511628211ull;
    value = (value ^ 0xffu) * 1099511628211ull;  // a separator, so ("ab","c") differs from ("a","bc")
  }
  std::string Hex() const {
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016" PRIx64, value);
    return buffer;
  }
};

// A directory of ours that only we can write (created if missing); false if it cannot be had.
bool PrivateDirectory(const std::string& dir) {
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return false;
  struct stat st {};
  if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) return false;
  return (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

// Writes `text` to `path` through a temporary file and a rename, so that a process compiling the
// same program at the same time (`warpsafe check` runs schedules at once) never reads half a file.
bool WriteFile(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A header's include name as a path inside the build directory, or "" when it would leave it.
bool SafeRelativePath(const std::string& name) {
  if (name.empty() || name[0] == '/') return false;
  std::size_t start = 0;
  while (start <= name.size()) {
    const std::size_t end = name.find('/', start);
    const std::string part = name.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (part == ".." || part.empty()) return false;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return true;
}

bool MakeParents(const std::string& dir, const std::string& relative) {
  std::size_t slash = relative.find('/');
  while (slash != std::string::npos) {
    const std::string sub = dir + "/" + relative.substr(0, slash);
    if (mkdir(sub.c_str(), 0700) != 0 && errno != EEXIST) return false;
    slash = relative.find('/', slash + 1);
  }
  return true;
}

// The `warpsafe` command: the one `warpsafe run` and `warpsafe check` name in WARPSAFE_CLI, else the
// first in PATH; "" if none.
std::string FindBuilder() {
  if (const char* cli = std::getenv("WARPSAFE_CLI"); cli != nullptr && *cli != '\0') {
    return access(cli, X_OK) == 0 ? cli : "";
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string d; std::getline(dirs, d, ':');) {
    const std::string candidate = (d.empty() ? std::string(".") : d) + "/warpsafe";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// Runs argv with stdout and stderr into `log_path`; the exit status, or -1 if it did not start or
// ended by a signal.
int RunLogged(const std::vector<std::string>& argv, const std::string& log_path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string Basename(const std::string& name) {
  const std::size_t slash = name.rfind('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

// A C string literal holding `text`.
std::string Quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string NameExpressionSymbol(std::size_t i) { return kNameExpressionPrefix + std::to_string(i); }

std::string NameExpressionAppendix(const std::vector<std::string>& expressions) {
  if (expressions.empty()) return "";
  std::string out = "\n#include <warpsafe/engine/name_expression.h>\n";
  for (std::size_t i = 0; i < expressions.size(); ++i) {
    out += "extern \"C\" const void* const " + NameExpressionSymbol(i) + " = ::warpsafe::engine::nvrtc_names::Named(" +
           expressions[i] + ", " + Quoted(expressions[i]) + ");\n";
  }
  return out;
}

std::string CleanLog(std::string log, const std::string& dir, const std::string& file, const std::string& name) {
  auto replace_all = [&log](const std::string& from, const std::string& to) {
    for (std::size_t at = log.find(from); at != std::string::npos; at = log.find(from, at + to.size())) {
      log.replace(at, from.size(), to);
    }
  };
  replace_all(dir + "/" + file, name);
  replace_all(dir + "/", "");
  return log;
}

std::vector<std::string> QuoteSearchDirs(const std::string& name) {
  char buffer[4096];
  if (getcwd(buffer, sizeof buffer) == nullptr) return {};
  const std::string cwd = buffer;
  std::vector<std::string> dirs;
  const std::size_t slash = name.rfind('/');
  if (slash != std::string::npos) {
    const std::string dir = slash == 0 ? "/" : name.substr(0, slash);
    dirs.push_back(dir[0] == '/' ? dir : cwd + "/" + dir);
  }
  dirs.push_back(cwd);
  return dirs;
}

CompileOutput Compile(CompileInput input) {
  CompileOutput out;
  // A quoted #include that names no header given with the source is looked for where the source
  // came from: the directory of the program's name (a path, for a program read from a file) and
  // the working directory, as NVRTC finds a file beside the program (NVRTC-4). Quote-only, so that
  // a copy of a CUDA header there never replaces the engine's.
  for (const std::string& d : QuoteSearchDirs(input.name)) {
    input.options.compiler_options.insert(input.options.compiler_options.end(), {"-iquote", d});
  }
  const std::string builder = FindBuilder();
  if (builder.empty()) {
    out.log = "warpsafe: runtime compilation builds with the `warpsafe` command, which was not found: run the "
              "program with `warpsafe run` or `warpsafe check`, or set WARPSAFE_CLI to the command's path\n";
    return out;
  }
  // Everything that decides the build names its directory.
  Hash hash;
  hash.Add(input.source);
  hash.Add(input.name);
  for (const auto& [include_name, text] : input.headers) {
    hash.Add(include_name);
    hash.Add(text);
  }
  for (const std::string& e : input.name_expressions) hash.Add(e);
  for (const std::string& d : input.options.include_dirs) hash.Add("-I" + d);
  for (const std::string& d : input.options.defines) hash.Add("-D" + d);
  for (const std::string& o : input.options.compiler_options) hash.Add(o);
  hash.Add(input.options.arch);
  hash.Add(input.instrumented ? "instrumented" : "plain");
  const char* tmpdir = std::getenv("TMPDIR");
  const std::string root =
      std::string(tmpdir != nullptr && *tmpdir == '/' ? tmpdir : "/tmp") + "/warpsafe-nvrtc-" + std::to_string(geteuid());
  const std::string dir = root + "/" + hash.Hex();
  if (!PrivateDirectory(root) || !PrivateDirectory(dir)) {
    out.log = "warpsafe: cannot use " + root + " for runtime compilation (it must be a directory of this user that "
              "only this user can write; set TMPDIR to another place)\n";
    return out;
  }
  std::string file = Basename(input.name);
  if (file.empty() || file == "." || file == "..") file = "default_program";
  for (const auto& [include_name, text] : input.headers) {
    // A header the program names by an absolute or upward path is left out: the compiler then
    // says it cannot find it.
    if (!SafeRelativePath(include_name) || include_name == file) continue;
    if (!MakeParents(dir, include_name) || !WriteFile(dir + "/" + include_name, text)) {
      out.log = "warpsafe: cannot write " + dir + "/" + include_name + "\n";
      return out;
    }
  }
  const std::string source_path = dir + "/" + file;
  if (!WriteFile(source_path, input.source + NameExpressionAppendix(input.name_expressions))) {
    out.log = "warpsafe: cannot write " + source_path + "\n";
    return out;
  }
  out.object_path = dir + "/module.so";
  const std::string pid = std::to_string(getpid());
  std::vector<std::string> argv{builder, "build-module", source_path, "-o", out.object_path, "--arch",
                                input.options.arch};
  if (input.instrumented) argv.push_back("--instrumented");
  for (const std::string& d : input.options.include_dirs) argv.insert(argv.end(), {"-I", d});
  for (const std::string& d : input.options.defines) argv.insert(argv.end(), {"-D", d});
  for (const std::string& o : input.options.compiler_options) argv.push_back("-Xcompiler=" + o);
  const std::string log_path = dir + "/build." + pid + ".log";
  const int status = RunLogged(argv, log_path);
  out.log = CleanLog(ReadFile(log_path), dir, file, input.name);
  std::remove(log_path.c_str());
  if (status != 0) {
    // 65: the source does not compile (the front end's or the compiler's messages are in the log).
    out.status = status == 65 ? CompileStatus::kCompileError : CompileStatus::kNoBuilder;
    if (status != 65) {
      out.log += "warpsafe: `warpsafe build-module` " +
                 (status < 0 ? std::string("did not run") : "failed with exit status " + std::to_string(status)) + "\n";
    }
    return out;
  }
  std::string error;
  out.handle = LoadObject(out.object_path, &error);
  if (out.handle == nullptr) {
    out.log += "warpsafe: the runtime-compiled program does not load: " + error + "\n";
    return out;
  }
  for (std::size_t i = 0; i < input.name_expressions.size(); ++i) {
    std::string lowered;
    const auto* pointer = static_cast<const void* const*>(dlsym(out.handle, NameExpressionSymbol(i).c_str()));
    Dl_info info{};
    if (pointer != nullptr && dladdr(*pointer, &info) != 0 && info.dli_sname != nullptr && info.dli_saddr == *pointer) {
      lowered = info.dli_sname;
    }
    // A kernel of internal linkage has no exported symbol: the expression's own pointer stands
    // for it (module_image.h, FindInObject, reads through it).
    out.lowered_names.push_back(lowered.empty() ? NameExpressionSymbol(i) : lowered);
  }
  out.status = CompileStatus::kBuilt;
  return out;
}

}  // namespace warpsafe::engine::nvrtc
