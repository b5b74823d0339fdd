#include "cli/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <map>
#include <string_view>
#include <utility>

extern char** environ;

namespace warpsafe::cli {

namespace {

// Diagnostics shown at most (a long template backtrace is one error), and hidden errors after
// which a compiler is stopped rather than waited for.
constexpr std::size_t kMaxShownBytes = 256 * 1024;
constexpr std::size_t kStopAfterHiddenErrors = 1000;

// The process group of a supervised child, for the signal handlers below (0: none).
volatile sig_atomic_t g_child_group = 0;

// warpsafe interrupted or terminated while a supervised child runs: the child's whole group goes
// with it (it is not in the terminal's foreground group, so ^C does not reach it by itself).
void KillChildGroupAndDie(int sig) {
  if (g_child_group > 0) kill(-static_cast<pid_t>(g_child_group), SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

// "file:3:5: error: ...", "file:3: fatal error: ...", "error: ...", "collect2: error: ...".
bool IsErrorLine(std::string_view line) {
  return line.rfind("error: ", 0) == 0 || line.find(": error: ") != std::string_view::npos ||
         line.find(": fatal error: ") != std::string_view::npos;
}

void WriteAll(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = write(fd, text.data(), text.size());
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      return;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

// Passes a child's stderr through to ours, line by line, until the error budget is spent.
class DiagnosticFilter {
 public:
  explicit DiagnosticFilter(std::size_t max_errors) : max_errors_(max_errors) {}

  void Feed(std::string_view data) {
    pending_.append(data);
    std::size_t start = 0;
    for (std::size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1) {
      Line(std::string_view(pending_).substr(start, nl + 1 - start));
    }
    pending_.erase(0, start);
  }
  void Finish() {
    if (!pending_.empty()) Line(pending_ + "\n");
    pending_.clear();
  }
  std::size_t hidden_errors() const { return hidden_errors_; }
  std::string& head() { return head_; }

 private:
  void Line(std::string_view line) {
    if (head_.size() + line.size() <= kKeptDiagnosticBytes) head_.append(line);
    const bool error = IsErrorLine(line);
    if (!hiding_ && error && shown_errors_ == max_errors_) hiding_ = true;
    if (!hiding_ && shown_bytes_ + line.size() > kMaxShownBytes) hiding_ = true;
    if (hiding_) {
      if (error) ++hidden_errors_;
      return;
    }
    if (error) ++shown_errors_;
    shown_bytes_ += line.size();
    WriteAll(STDERR_FILENO, line);
  }

  const std::size_t max_errors_;
  std::string pending_;
  std::size_t shown_errors_ = 0;
  std::size_t shown_bytes_ = 0;
  std::size_t hidden_errors_ = 0;
  bool hiding_ = false;
  std::string head_;
};

// Waits for `pid` (the leader of its own process group), reading its stderr from `err_fd` (-1:
// not captured) through a DiagnosticFilter, and killing the group at the deadline or on too many
// errors.
void Supervise(pid_t pid, int err_fd, const ProcessSpec& spec, ProcessStatus* status) {
  using Clock = std::chrono::steady_clock;
  const bool limited = spec.timeout_seconds != 0;
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(spec.timeout_seconds);
  DiagnosticFilter filter(spec.max_errors);
  bool killed = false;
  auto kill_group = [&] {
    if (!killed) kill(-pid, SIGKILL);
    killed = true;
  };
  // Reads what the pipe has within timeout_ms: true if it read something.
  auto drain = [&](int timeout_ms) {
    if (err_fd < 0) return false;
    pollfd p{err_fd, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return false;
    char buf[65536];
    const ssize_t n = read(err_fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) return true;
    if (n <= 0) {
      close(err_fd);
      err_fd = -1;
      return false;
    }
    filter.Feed(std::string_view(buf, static_cast<std::size_t>(n)));
    if (filter.hidden_errors() >= kStopAfterHiddenErrors && !killed) {
      status->stopped_for_errors = true;
      kill_group();
    }
    return true;
  };
  int ws = 0;
  for (;;) {
    if (limited && !killed && Clock::now() >= deadline) {
      status->timed_out = true;
      kill_group();
    }
    const pid_t done = waitpid(pid, &ws, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (err_fd >= 0) {
      drain(100);
    } else {
      usleep(20 * 1000);
    }
  }
  // What the child wrote before it ended (a process that inherited its stderr and lives on does
  // not keep warpsafe waiting: the pipe is read while data arrives quickly).
  while (drain(50)) {
  }
  filter.Finish();
  status->errors_not_shown = filter.hidden_errors();
  status->diagnostics_head = std::move(filter.head());
  if (err_fd >= 0) close(err_fd);
  if (WIFSIGNALED(ws)) {
    status->signal = WTERMSIG(ws);
  } else {
    status->exit_code = WEXITSTATUS(ws);
  }
}

// The child's argv and environment (ours with set_env applied), as the char* arrays spawn takes.
struct ChildWords {
  explicit ChildWords(const ProcessSpec& spec) : args(spec.argv) {
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
    for (const std::string& name : order) envp.push_back(env[name].data());
    envp.push_back(nullptr);
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
  }
  std::map<std::string, std::string> env;
  std::vector<std::string> args;
  std::vector<char*> envp;
  std::vector<char*> argv;
};

}  // namespace

int StartProcess(const ProcessSpec& spec, int* spawn_error) {
  ChildWords words(spec);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (spec.forward_interrupts) {
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
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, spec.executable.c_str(), &files, &attr, words.argv.data(), words.envp.data());
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&files);
  if (rc != 0) {
    *spawn_error = rc;
    return -1;
  }
  *spawn_error = 0;
  return pid;
}

ProcessStatus StatusFromWait(int wait_status) {
  ProcessStatus status;
  status.started = true;
  if (WIFSIGNALED(wait_status)) {
    status.signal = WTERMSIG(wait_status);
  } else {
    status.exit_code = WEXITSTATUS(wait_status);
  }
  return status;
}

ProcessStatus RunProcess(const ProcessSpec& spec) {
  ChildWords words(spec);
  std::vector<char*>& envp = words.envp;
  std::vector<char*>& argv = words.argv;

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
  const bool supervised = spec.timeout_seconds != 0 || spec.max_errors != 0;
  int err_pipe[2] = {-1, -1};
  if (spec.max_errors != 0 && spec.stderr_path.empty() && pipe2(err_pipe, O_CLOEXEC) != 0) {
    err_pipe[0] = err_pipe[1] = -1;
  }
  struct sigaction kill_group {}, old_term {}, old_hup {}, old_int_sup {};
  if (supervised) {
    posix_spawnattr_setpgroup(&attr, 0);
    short flags = 0;
    posix_spawnattr_getflags(&attr, &flags);
    posix_spawnattr_setflags(&attr, static_cast<short>(flags | POSIX_SPAWN_SETPGROUP));
    kill_group.sa_handler = KillChildGroupAndDie;
    sigemptyset(&kill_group.sa_mask);
    sigaction(SIGINT, &kill_group, &old_int_sup);
    sigaction(SIGTERM, &kill_group, &old_term);
    sigaction(SIGHUP, &kill_group, &old_hup);
  }
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  if (err_pipe[1] >= 0) posix_spawn_file_actions_adddup2(&files, err_pipe[1], STDERR_FILENO);
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
  if (err_pipe[1] >= 0) close(err_pipe[1]);
  if (rc == 0 && supervised) {
    status.started = true;
    g_child_group = pid;
    Supervise(pid, err_pipe[0], spec, &status);
    g_child_group = 0;
  } else if (rc == 0) {
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
    if (err_pipe[0] >= 0) close(err_pipe[0]);
  }
  if (supervised) {
    sigaction(SIGINT, &old_int_sup, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    sigaction(SIGHUP, &old_hup, nullptr);
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
