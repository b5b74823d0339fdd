#include "cli/check_runner.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/process.h"
#include "warpsafe/engine/api.h"

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

  ProcessSpec spec;
  spec.executable = executable;
  spec.argv = argv_in;
  spec.set_env = set_env;
  spec.set_env.push_back("WARPSAFE_REPORT_JSON=" + json_path);
  spec.forward_interrupts = true;
  spec.stdin_path = "/dev/null";
  spec.stdout_path = out_path;
  spec.stderr_path = err_path;
  const ProcessStatus status = RunProcess(spec);

  RunOutcome outcome;
  outcome.started = status.started;
  outcome.spawn_error = status.spawn_error;
  outcome.exit_code = status.exit_code;
  outcome.signal = status.signal;
  outcome.out = ReadWhole(out_path).value_or("");
  outcome.err = ReadWhole(err_path).value_or("");
  outcome.report_json = ReadWhole(json_path);
  return outcome;
}

int StartCaptured(const std::string& executable, const std::vector<std::string>& argv,
                  const std::vector<std::string>& set_env, const std::string& scratch_dir, int* spawn_error) {
  std::error_code ec;
  fs::remove(scratch_dir + "/report.json", ec);
  ProcessSpec spec;
  spec.executable = executable;
  spec.argv = argv;
  spec.set_env = set_env;
  spec.set_env.push_back("WARPSAFE_REPORT_JSON=" + scratch_dir + "/report.json");
  spec.forward_interrupts = true;
  spec.stdin_path = "/dev/null";
  spec.stdout_path = scratch_dir + "/stdout";
  spec.stderr_path = scratch_dir + "/stderr";
  return StartProcess(spec, spawn_error);
}

RunOutcome FinishCaptured(const std::string& scratch_dir, int wait_status) {
  const ProcessStatus status = StatusFromWait(wait_status);
  RunOutcome outcome;
  outcome.started = true;
  outcome.exit_code = status.exit_code;
  outcome.signal = status.signal;
  outcome.out = ReadWhole(scratch_dir + "/stdout").value_or("");
  outcome.err = ReadWhole(scratch_dir + "/stderr").value_or("");
  outcome.report_json = ReadWhole(scratch_dir + "/report.json");
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
