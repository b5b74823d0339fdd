// `warpsafe check`: the exploration loop. Build instrumented (cached), run the lockstep baseline,
// then the plan's schedules one subprocess each, and stop at the first finding. Everything printed
// depends only on the command line and the program (never on timing, paths of temporary files or
// process ids), so the same seed gives the same report byte for byte; only the clean summary
// line states the time taken.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <set>

#include "cli/check_plan.h"
#include "cli/check_report.h"
#include "cli/check_runner.h"
#include "cli/commands.h"
#include "cli/program_cache.h"
#include "cli/sarif.h"
#include "toolchain_config.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::cli {
namespace fs = std::filesystem;

namespace {

void Say(const std::string& message) { std::cerr << "warpsafe check: " << message << std::endl; }

// One status line redrawn with \r, only when stderr is a terminal: logs and pipes see none of it.
class Progress {
 public:
  Progress() : enabled_(isatty(STDERR_FILENO) == 1) {}
  void Show(const std::string& text) {
    if (!enabled_) return;
    std::cerr << "\r\033[K" << text << std::flush;
    shown_ = true;
  }
  void Clear() {
    if (!shown_) return;
    std::cerr << "\r\033[K" << std::flush;
    shown_ = false;
  }

 private:
  bool enabled_;
  bool shown_ = false;
};

// The engine refused WARPSAFE_SCHEDULE (or a setting of the policy): this engine does not have
// that policy. Its message is options.cpp's BadValue, with exit status kExitUsage.
bool PolicyRejected(const RunOutcome& o) {
  return o.started && o.signal == 0 && o.exit_code == engine::kExitUsage &&
         (o.err.rfind("warpsafe: bad value for WARPSAFE_SCHEDULE", 0) == 0 ||
          o.err.rfind("warpsafe: bad value for WARPSAFE_PCT_DEPTH", 0) == 0);
}

std::string Join(const std::vector<std::string>& words, const char* separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

class Checker {
 public:
  Checker(const CommandLine& cl, const std::string& invocation, std::string exe, std::string scratch)
      : cl_(cl), invocation_(invocation), exe_(std::move(exe)), scratch_(std::move(scratch)), plan_(cl) {}

  int Run() {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };

    const ScheduleRun baseline_run = plan_.Baseline();
    progress_.Show("warpsafe check: lockstep baseline");
    const RunOutcome baseline = Execute(baseline_run);
    if (Interrupted(baseline)) return 128 + SIGINT;
    if (!baseline.started) return CannotStart(baseline);
    if (baseline.EngineDefect()) return ReportEngineDefect(baseline);
    if (baseline.Failed()) return BaselineFailed(baseline);

    std::set<std::string> rejected;
    std::vector<std::string> policies_run;
    std::uint64_t done = 0;
    bool budget_reached = false;
    for (std::uint64_t i = 0; i < plan_.schedules(); ++i) {
      if (elapsed() >= plan_.time_budget()) {
        budget_reached = true;
        break;
      }
      const ScheduleRun run = plan_.Nth(i);
      if (rejected.count(run.policy) != 0) continue;
      progress_.Show("warpsafe check: schedule " + std::to_string(i + 1) + "/" + std::to_string(plan_.schedules()) +
                     " (" + run.policy + ", seed " + std::to_string(run.seed) + ")");
      const RunOutcome outcome = Execute(run);
      if (Interrupted(outcome)) return 128 + SIGINT;
      if (!outcome.started) return CannotStart(outcome);
      if (PolicyRejected(outcome)) {
        // Until the engine has the policy, exploring goes on with the others (said once).
        rejected.insert(run.policy);
        progress_.Clear();
        Say("this engine does not provide the " + run.policy + " schedule; exploring without it");
        if (rejected.size() == plan_.rotation().size()) {
          Say("no requested policy is provided by this engine (" + Join(plan_.rotation(), ", ") + ")");
          return engine::kExitInternal;
        }
        continue;
      }
      ++done;
      bool seen = false;
      for (const std::string& p : policies_run) seen = seen || p == run.policy;
      if (!seen) policies_run.push_back(run.policy);
      if (outcome.EngineDefect()) return ReportEngineDefect(outcome);
      if (outcome.Failed()) {
        return ReportFinding(ScheduleDependentFailure(cl_.file, run, outcome, baseline, Replay(run)));
      }
    }
    progress_.Clear();
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", elapsed());
    std::string summary = "no defect in " + std::to_string(done) + " schedule" + (done == 1 ? "" : "s") + " (";
    summary += policies_run.empty() ? std::string("lockstep only") : "policies " + Join(policies_run, ", ");
    summary += std::string(", ") + seconds + (budget_reached ? "; time budget reached" : "") + ")";
    Say(summary);
    if (!WriteSarif(std::nullopt, true, "")) return engine::kExitInternal;
    return 0;
  }

 private:
  std::string Replay(const ScheduleRun& run) const { return plan_.ReplayCommand(run, invocation_); }

  RunOutcome Execute(const ScheduleRun& run) {
    // `--`: the program's own arguments follow, whatever they look like.
    std::vector<std::string> argv{fs::path(cl_.file).replace_extension().string(), "--"};
    argv.insert(argv.end(), cl_.program_args.begin(), cl_.program_args.end());
    return RunCaptured(exe_, argv, plan_.Environment(run, Replay(run)), scratch_);
  }

  bool Interrupted(const RunOutcome& o) {
    if (o.signal != SIGINT) return false;
    progress_.Clear();
    Say("interrupted");
    return true;
  }

  int CannotStart(const RunOutcome& o) {
    progress_.Clear();
    Say("cannot start " + exe_ + ": " + std::strerror(o.spawn_error));
    return engine::kExitInternal;
  }

  // The engine's report is the child's stderr: passed through as it is (its replay line is already
  // the check command, from WARPSAFE_REPLAY).
  int ReportEngineDefect(const RunOutcome& o) {
    progress_.Clear();
    std::cerr << o.err << std::flush;
    std::optional<Finding> finding;
    if (o.report_json) finding = FindingFromEngineJson(*o.report_json);
    if (!finding) finding = FindingFromEngineText(o.err);
    CompleteSites(*finding, cl_.file);
    if (!WriteSarif(finding, true, "")) return engine::kExitInternal;
    return engine::kExitDefect;
  }

  int ReportFinding(Finding finding) {
    progress_.Clear();
    std::cerr << FindingText(finding) << std::flush;
    CompleteSites(finding, cl_.file);
    if (!WriteSarif(finding, true, "")) return engine::kExitInternal;
    return engine::kExitDefect;
  }

  // Not a finding: the program fails without any reordering; the user sees its own output and
  // status, as `warpsafe run --schedule lockstep` would show them.
  int BaselineFailed(const RunOutcome& o) {
    progress_.Clear();
    std::cout << o.out << std::flush;
    std::cerr << o.err;
    Say(cl_.file + " fails under the lockstep schedule (it " + DescribeOutcome(o) +
        "), so no schedule was explored; this is the program's own failure, not a finding");
    WriteSarif(std::nullopt, false, "the program fails under the lockstep baseline: it " + DescribeOutcome(o));
    return o.ShellStatus() != 0 ? o.ShellStatus() : 1;  // a failed assert with exit 0 still fails
  }

  bool WriteSarif(const std::optional<Finding>& finding, bool successful, const std::string& note) {
    if (cl_.sarif.empty()) return true;
    SarifInput input;
    input.finding = finding;
    input.tool_version = config::kVersion;
    std::error_code ec;
    input.source_root = fs::current_path(ec).string();
    input.execution_successful = successful;
    input.execution_note = note;
    if (WriteFileAtomically(cl_.sarif, SarifLog(input))) return true;
    Say("cannot write " + cl_.sarif);
    return false;
  }

  const CommandLine& cl_;
  const std::string invocation_;
  const std::string exe_;
  const std::string scratch_;
  const CheckPlan plan_;
  Progress progress_;
};

}  // namespace

int CheckCommand(const CommandLine& cl, const std::string& invocation) {
  std::string exe;
  if (const int rc = BuildCachedProgram(cl, /*instrumented=*/true, &exe); rc != 0) return rc;
  const std::string scratch = MakeScratchDirectory();
  if (scratch.empty()) {
    Say("cannot create a temporary directory (set TMPDIR)");
    return engine::kExitInternal;
  }
  const int status = Checker(cl, invocation, exe, scratch).Run();
  RemoveScratch(scratch);
  return status;
}

}  // namespace warpsafe::cli
