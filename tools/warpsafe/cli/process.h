// Starting and waiting for child processes (the host compiler, the user's program), and the shell
// quoting used to print commands that a person can paste back.
#pragma once

#include <string>
#include <vector>

namespace warpsafe::cli {

struct ProcessStatus {
  bool started = false;  // false: the executable could not be started (spawn_error says why)
  int spawn_error = 0;   // errno from posix_spawn
  int exit_code = 0;     // valid when started and signal == 0
  int signal = 0;        // the signal that killed it, or 0
};

struct ProcessSpec {
  std::string executable;              // a path, or a name looked up in PATH
  std::vector<std::string> argv;       // argv[0] included
  std::vector<std::string> set_env;    // NAME=VALUE entries added to (replacing in) our environment
  bool forward_interrupts = false;     // the child alone decides how to die of ^C (warpsafe run)
  // Where the child's standard streams go; empty: ours (stdout and stderr files are truncated).
  std::string stdin_path;
  std::string stdout_path;
  std::string stderr_path;
};

// Runs the process to completion, with our stdin/stdout/stderr unless the spec redirects them.
ProcessStatus RunProcess(const ProcessSpec& spec);

// `word` as one POSIX shell word: unchanged when it only has safe characters, else single-quoted.
std::string ShellQuote(const std::string& word);
std::string ShellJoin(const std::vector<std::string>& words);

// "SIGSEGV" for 11; "signal N" for unknown ones.
std::string SignalName(int signal);

}  // namespace warpsafe::cli
