// Starting and waiting for child processes (the host compiler, the user's program), and the shell
// quoting used to print commands that a person can paste back.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace warpsafe::cli {

struct ProcessStatus {
  bool started = false;  // false: the executable could not be started (spawn_error says why)
  int spawn_error = 0;   // errno from posix_spawn
  int exit_code = 0;     // valid when started and signal == 0
  int signal = 0;        // the signal that killed it, or 0
  bool timed_out = false;  // killed after ProcessSpec::timeout_seconds
  // With ProcessSpec::max_errors: error diagnostics seen after the first max_errors (not shown),
  // and whether the child was stopped because there were too many to be worth waiting for.
  std::size_t errors_not_shown = 0;
  bool stopped_for_errors = false;
  // With ProcessSpec::max_errors: the first kKeptDiagnosticBytes of the child's stderr, shown or
  // not, for a summary of why it failed (stopped_include.h).
  std::string diagnostics_head;
};

inline constexpr std::size_t kKeptDiagnosticBytes = 64 * 1024;

struct ProcessSpec {
  std::string executable;              // a path, or a name looked up in PATH
  std::vector<std::string> argv;       // argv[0] included
  std::vector<std::string> set_env;    // NAME=VALUE entries added to (replacing in) our environment
  bool forward_interrupts = false;     // the child alone decides how to die of ^C (warpsafe run)
  // Where the child's standard streams go; empty: ours (stdout and stderr files are truncated).
  std::string stdin_path;
  std::string stdout_path;
  std::string stderr_path;
  // A compiler's run (0: no limit). The child gets its own process group, killed as a whole (a
  // compiler driver's subprocesses included) when the time is up, on too many errors, or when
  // warpsafe itself is interrupted or terminated.
  unsigned timeout_seconds = 0;
  // Nonzero: the child's stderr (not redirected to a file) is passed through until this many
  // error diagnostics have been shown; the rest are counted, not shown, and past a bound the child
  // is stopped (a file of garbage makes a compiler print errors without end).
  std::size_t max_errors = 0;
};

// Runs the process to completion, with our stdin/stdout/stderr unless the spec redirects them.
ProcessStatus RunProcess(const ProcessSpec& spec);

// Starts the process and returns at once, for a caller that runs several children and waits for
// them itself (waitpid, then StatusFromWait). Only the spec's argv, environment, redirections and
// forward_interrupts (the child's ^C and ^\ at their defaults) apply; the caller decides how it
// handles those signals itself. Returns the pid, or -1 with *spawn_error set.
int StartProcess(const ProcessSpec& spec, int* spawn_error);
// The status of a started child from waitpid's status word.
ProcessStatus StatusFromWait(int wait_status);

// `word` as one POSIX shell word: unchanged when it only has safe characters, else single-quoted.
std::string ShellQuote(const std::string& word);
std::string ShellJoin(const std::vector<std::string>& words);

// "SIGSEGV" for 11; "signal N" for unknown ones.
std::string SignalName(int signal);

}  // namespace warpsafe::cli
