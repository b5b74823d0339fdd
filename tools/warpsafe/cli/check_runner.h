// One run of the program under test for `warpsafe check`: a child process with the schedule in its
// environment, its output captured to files (not shown unless the run is the finding), and the
// engine's JSON report collected when it emitted one.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace warpsafe::cli {

struct RunOutcome {
  bool started = false;
  int spawn_error = 0;
  int exit_code = 0;
  int signal = 0;                          // the signal that killed it, or 0
  std::string out;                         // everything it wrote to stdout
  std::string err;                         // and to stderr (the engine's report goes there)
  std::optional<std::string> report_json;  // what the engine wrote to WARPSAFE_REPORT_JSON

  // The engine reported a defect (exit 66 with its report; the JSON may be missing only if the
  // engine could not write it).
  bool EngineDefect() const;
  // A device assert failed (the engine prints CUDA's "... Assertion `x` failed." line).
  bool AssertFailed() const;
  // Anything short of a clean exit 0: non-zero status, a signal, or a failed device assert.
  bool Failed() const;
  // The exit status a shell would show: the program's, or 128+N for signal N.
  int ShellStatus() const { return signal != 0 ? 128 + signal : exit_code; }
};

// Runs `executable` with `argv` and our environment plus `set_env` (NAME=VALUE, replacing), stdin
// from /dev/null and stdout/stderr into `scratch_dir`, which must exist. While the child runs,
// ^C and ^\ are ignored here and left at their defaults in the child: if the user interrupts, the
// child dies of SIGINT and the caller sees that (and stops) instead of dying mid-report.
RunOutcome RunCaptured(const std::string& executable, const std::vector<std::string>& argv,
                       const std::vector<std::string>& set_env, const std::string& scratch_dir);

// The same run in two halves, for running several at once: StartCaptured starts the child (its
// files in `scratch_dir`, one directory per child running at a time) and returns its pid (-1:
// see spawn_error); the caller waits for it and hands waitpid's status to FinishCaptured. The
// caller ignores ^C and ^\ meanwhile (the children keep the defaults).
int StartCaptured(const std::string& executable, const std::vector<std::string>& argv,
                  const std::vector<std::string>& set_env, const std::string& scratch_dir, int* spawn_error);
RunOutcome FinishCaptured(const std::string& scratch_dir, int wait_status);

// A fresh private directory under $TMPDIR (or /tmp); empty on failure. RemoveScratch deletes it.
std::string MakeScratchDirectory();
void RemoveScratch(const std::string& dir);

}  // namespace warpsafe::cli
