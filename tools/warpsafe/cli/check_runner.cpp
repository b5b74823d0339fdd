#include "cli/check_runner.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "warpsafe/engine/api.h"

extern char** environ;

namespace warpsafe::cli {
namespace fs = std::filesystem;

bool RunOutcome::EngineDefect() const {
  if (!started || signal != 0 || exit_code != engine::kExitDefect) return false;
  // A program may exit 66 on its own; the engine's report starts a line with "warpsafe: ".
  return report_json.has_value() || err.rfind("warpsafe: ", 0) == 0 || err.find("\nwarpsafe: ") != std::string::npos;
}

bool RunOutcome::AssertFailed() const {
  const std::size_t at = err.find("Assertion `");
  return at != std::string::npos && err.find("` failed.", at) != std::string::npos;
}

bool RunOutcome::Failed() const { return !started || signal != 0 || exit_code != 0 || AssertFailed(); }

namespace {

std::optional<std::string> ReadWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

RunOutcome RunCaptured(const std::string& executable, const std::vector<std::string>& argv_in,
                       const std::vector<std::string>& set_env, const std::string& scratch_dir) {
  const std::string out_path = scratch_dir + "/stdout";
  const std::string err_path = scratch_dir + "/stderr";
  const std::string json_path = scratch_dir + "/report.json";
  std::error_code ec;
  fs::remove(json_path, ec);  // a report left by an earlier run must not be taken for this one's

  // The child's environment: ours with set_env applied, in a stable order.
  std::map<std::string, std::string> env;
  std::vector<std::string> order;
  auto put = [&](const std::string& entry) {
    const std::string name = entry.substr(0, entry.find('='));
    if (env.emplace(name, entry).second) {
      order.push_back(name);
    } else {
      env[name] = entry;
    }
  };
  for (char** e = environ; *e != nullptr; ++e) put(*e);
  for (const std::string& entry : set_env) put(entry);
  put("WARPSAFE_REPORT_JSON=" + json_path);
  std::vector<char*> envp;
  for (const std::string& name : order) envp.push_back(env[name].data());
  envp.push_back(nullptr);
  std::vector<std::string> args = argv_in;
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);

  struct sigaction ignore {}, old_int {}, old_quit {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &old_int);
  sigaction(SIGQUIT, &ignore, &old_quit);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);

  RunOutcome outcome;
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, executable.c_str(), &files, &attr, argv.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&files);
  if (rc == 0) {
    outcome.started = true;
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(ws)) {
      outcome.signal = WTERMSIG(ws);
    } else {
      outcome.exit_code = WEXITSTATUS(ws);
    }
  } else {
    outcome.spawn_error = rc;
  }
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGQUIT, &old_quit, nullptr);
  outcome.out = ReadWhole(out_path).value_or("");
  outcome.err = ReadWhole(err_path).value_or("");
  outcome.report_json = ReadWhole(json_path);
  return outcome;
}

std::string MakeScratchDirectory() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/warpsafe-check-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) return "";
  return pattern;
}

void RemoveScratch(const std::string& dir) {
  if (dir.empty()) return;
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace warpsafe::cli
