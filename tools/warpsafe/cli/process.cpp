#include "cli/process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <map>

extern char** environ;

namespace warpsafe::cli {

ProcessStatus RunProcess(const ProcessSpec& spec) {
  // The child's environment: ours with set_env applied.
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
  for (const std::string& entry : spec.set_env) put(entry);
  std::vector<char*> envp;
  for (const std::string& name : order) envp.push_back(env[name].data());
  envp.push_back(nullptr);
  std::vector<char*> argv;
  std::vector<std::string> args = spec.argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  // While the program runs, ^C and ^\ reach it through the terminal's process group; warpsafe
  // ignores them so that it survives to report how the program ended (as system() does).
  struct sigaction ignore {}, old_int {}, old_quit {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (spec.forward_interrupts) {
    sigaction(SIGINT, &ignore, &old_int);
    sigaction(SIGQUIT, &ignore, &old_quit);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGQUIT);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
  }
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  if (!spec.stdin_path.empty())
    posix_spawn_file_actions_addopen(&files, STDIN_FILENO, spec.stdin_path.c_str(), O_RDONLY, 0);
  if (!spec.stdout_path.empty())
    posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, spec.stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (!spec.stderr_path.empty())
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, spec.stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);

  ProcessStatus status;
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, spec.executable.c_str(), &files, &attr, argv.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&files);
  if (rc == 0) {
    status.started = true;
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(ws)) {
      status.signal = WTERMSIG(ws);
    } else {
      status.exit_code = WEXITSTATUS(ws);
    }
  } else {
    status.spawn_error = rc;
  }
  if (spec.forward_interrupts) {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGQUIT, &old_quit, nullptr);
  }
  return status;
}

std::string ShellQuote(const std::string& word) {
  if (word.empty()) return "''";
  bool safe = true;
  for (char c : word) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    std::string_view("_-./:=@%+,").find(c) != std::string_view::npos;
    safe = safe && ok;
  }
  if (safe) return word;
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string ShellJoin(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += ShellQuote(w);
  }
  return out;
}

std::string SignalName(int signal) {
  static const std::map<int, const char*> kNames = {
      {SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
      {SIGTRAP, "SIGTRAP"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
      {SIGKILL, "SIGKILL"}, {SIGUSR1, "SIGUSR1"}, {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"},
      {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"}, {SIGXCPU, "SIGXCPU"},
      {SIGXFSZ, "SIGXFSZ"}, {SIGSYS, "SIGSYS"}};
  auto it = kNames.find(signal);
  return it != kNames.end() ? it->second : "signal " + std::to_string(signal);
}

}  // namespace warpsafe::cli
