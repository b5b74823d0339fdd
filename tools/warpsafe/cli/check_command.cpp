// `warpsafe check`: the exploration loop. Build instrumented (cached), run the lockstep baseline,
// then the plan's schedules one subprocess each (up to --jobs at once, judged in schedule order),
// and stop at the first finding. Everything printed depends only on the command line and the
// program (never on timing, paths of temporary files or process ids), so the same seed gives the
// same report byte for byte; only the clean summary line states the time taken.
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "cli/check_plan.h"
#include "cli/check_report.h"
#include "cli/check_runner.h"
#include "cli/commands.h"
#include "cli/program_cache.h"
#include "cli/sarif.h"
#include "cli/trace_page.h"
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

// `--jobs` by default: the cores this process may run on.
unsigned DefaultJobs() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<unsigned>(n) : 1;
}

// ^C and ^\ ignored here while schedules run: the children (which keep the defaults) die of them,
// and the loop sees that and says so.
class InterruptsIgnored {
 public:
  InterruptsIgnored() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, &old_int_);
    sigaction(SIGQUIT, &ignore, &old_quit_);
  }
  ~InterruptsIgnored() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGQUIT, &old_quit_, nullptr);
  }
  InterruptsIgnored(const InterruptsIgnored&) = delete;
  InterruptsIgnored& operator=(const InterruptsIgnored&) = delete;

 private:
  struct sigaction old_int_ {}, old_quit_ {};
};

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
    if (baseline.EngineDefect()) return ReportEngineDefect(baseline, baseline_run);
    if (baseline.Failed()) return BaselineFailed(baseline);

    // Up to `jobs` schedules run at once, each a child in its own scratch slot; their outcomes are
    // judged strictly in schedule order, so a finding at position k is reported only once every
    // earlier one has finished clean, and the children after it are cancelled: the report is the
    // one a single job gives, byte for byte.
    const unsigned jobs = cl_.jobs.value_or(DefaultJobs());
    const std::uint64_t total = plan_.ShardSize();
    std::vector<std::string> slots;
    for (unsigned j = 0; j < jobs && j < total; ++j) {
      slots.push_back(scratch_ + "/" + std::to_string(j));
      std::error_code ec;
      fs::create_directory(slots.back(), ec);
    }
    std::vector<std::size_t> free_slots;
    for (std::size_t j = slots.size(); j-- > 0;) free_slots.push_back(j);
    struct Running {
      std::uint64_t position;
      std::size_t slot;
    };
    std::map<pid_t, Running> running;
    // Finished, not yet judged; nullopt: skipped (its policy was already refused by the engine).
    std::map<std::uint64_t, std::optional<RunOutcome>> finished;
    auto cancel_running = [&] {
      for (const auto& [pid, r] : running) kill(pid, SIGKILL);
      for (const auto& [pid, r] : running) {
        int ws = 0;
        while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
        }
      }
      running.clear();
    };
    const InterruptsIgnored ignore_interrupts;  // the children die of ^C; we stay to say so

    std::set<std::string> rejected;
    std::vector<std::string> policies_run;
    std::uint64_t done = 0;
    bool budget_reached = false;
    std::uint64_t next_start = 0;
    for (std::uint64_t next_judged = 0; next_judged < total;) {
      while (!budget_reached && running.size() < slots.size() && next_start < total) {
        if (elapsed() >= plan_.time_budget()) {
          budget_reached = true;
          break;
        }
        const ScheduleRun run = plan_.Nth(plan_.ShardIndex(next_start));
        if (rejected.count(run.policy) != 0) {
          finished[next_start++] = std::nullopt;
          continue;
        }
        const std::size_t slot = free_slots.back();
        int spawn_error = 0;
        const pid_t pid = StartCaptured(exe_, ProgramArgv(), plan_.Environment(run, Replay(run)), slots[slot],
                                        &spawn_error);
        if (pid < 0) {
          RunOutcome failed;
          failed.spawn_error = spawn_error;
          finished[next_start++] = failed;
          continue;
        }
        free_slots.pop_back();
        running[pid] = Running{next_start++, slot};
      }
      auto ready = finished.find(next_judged);
      if (ready == finished.end()) {
        if (running.empty()) break;  // the time budget stopped new starts, and all have been judged
        int ws = 0;
        const pid_t pid = waitpid(-1, &ws, 0);
        if (pid < 0) {
          if (errno == EINTR) continue;
          break;
        }
        const auto it = running.find(pid);
        if (it == running.end()) continue;
        finished[it->second.position] = FinishCaptured(slots[it->second.slot], ws);
        free_slots.push_back(it->second.slot);
        running.erase(it);
        continue;
      }
      const std::optional<RunOutcome> judged = std::move(ready->second);
      finished.erase(ready);
      const ScheduleRun run = plan_.Nth(plan_.ShardIndex(next_judged++));
      if (!judged || rejected.count(run.policy) != 0) continue;
      const RunOutcome& outcome = *judged;
      progress_.Show("warpsafe check: schedule " + std::to_string(next_judged) + "/" + std::to_string(total) +
                     " (" + run.policy + ", seed " + std::to_string(run.seed) + ")");
      if (Interrupted(outcome)) return cancel_running(), 128 + SIGINT;
      if (!outcome.started) return cancel_running(), CannotStart(outcome);
      if (PolicyRejected(outcome)) {
        // Until the engine has the policy, exploring goes on with the others (said once).
        rejected.insert(run.policy);
        progress_.Clear();
        Say("this engine does not provide the " + run.policy + " schedule; exploring without it");
        if (rejected.size() == plan_.rotation().size()) {
          Say("no requested policy is provided by this engine (" + Join(plan_.rotation(), ", ") + ")");
          return cancel_running(), engine::kExitInternal;
        }
        continue;
      }
      ++done;
      bool seen = false;
      for (const std::string& p : policies_run) seen = seen || p == run.policy;
      if (!seen) policies_run.push_back(run.policy);
      if (outcome.EngineDefect()) return cancel_running(), ReportEngineDefect(outcome, run);
      if (outcome.Failed()) {
        cancel_running();
        Finding finding = ScheduleDependentFailure(cl_.file, run, outcome, baseline, Replay(run));
        if (!cl_.trace.empty()) {
          // The same schedule again with the trace on: its timeline joins the report.
          Traced(run);
          const std::optional<Json> trace = ReadTrace();
          if (trace) {
            for (const Json& line : (*trace)["timeline"].Items()) finding.lines.push_back(line.AsString());
          }
        }
        return ReportFinding(finding);
      }
    }
    progress_.Clear();
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", elapsed());
    std::string summary = "no defect in " + std::to_string(done) + " schedule" + (done == 1 ? "" : "s") + " (";
    if (plan_.sharded()) summary += "shard " + plan_.ShardName() + ", ";
    summary += policies_run.empty() ? std::string("lockstep only") : "policies " + Join(policies_run, ", ");
    summary += std::string(", ") + seconds + (budget_reached ? "; time budget reached" : "") + ")";
    Say(summary);
    if (!WriteSarif(std::nullopt, true, "")) return engine::kExitInternal;
    return 0;
  }

 private:
  std::string Replay(const ScheduleRun& run) const { return plan_.ReplayCommand(run, invocation_); }

  std::vector<std::string> ProgramArgv() const {
    // `--`: the program's own arguments follow, whatever they look like.
    std::vector<std::string> argv{fs::path(cl_.file).replace_extension().string(), "--"};
    argv.insert(argv.end(), cl_.program_args.begin(), cl_.program_args.end());
    return argv;
  }

  RunOutcome Execute(const ScheduleRun& run) {
    return RunCaptured(exe_, ProgramArgv(), plan_.Environment(run, Replay(run)), scratch_);
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
  int ReportEngineDefect(const RunOutcome& found, const ScheduleRun& run) {
    progress_.Clear();
    // With --trace the same schedule runs again with the engine's trace on; its report is the same
    // with the timeline added (the trace changes no scheduling decision).
    RunOutcome traced;
    if (!cl_.trace.empty()) traced = Traced(run);
    const RunOutcome& o = traced.EngineDefect() ? traced : found;
    std::cerr << o.err << std::flush;
    std::optional<Finding> finding;
    if (o.report_json) finding = FindingFromEngineJson(*o.report_json);
    if (!finding) finding = FindingFromEngineText(o.err);
    CompleteSites(*finding, cl_.file);
    if (!WriteTracePage(*finding)) return engine::kExitInternal;
    if (!WriteSarif(finding, true, "")) return engine::kExitInternal;
    return engine::kExitDefect;
  }

  int ReportFinding(Finding finding) {
    progress_.Clear();
    std::cerr << FindingText(finding) << std::flush;
    CompleteSites(finding, cl_.file);
    if (!WriteTracePage(finding)) return engine::kExitInternal;
    if (!WriteSarif(finding, true, "")) return engine::kExitInternal;
    return engine::kExitDefect;
  }

  std::string TracePath() const { return scratch_ + "/trace.json"; }

  // `run` again, the engine recording its steps into TracePath() (WARPSAFE_TRACE).
  RunOutcome Traced(const ScheduleRun& run) {
    std::error_code ec;
    fs::remove(TracePath(), ec);
    std::vector<std::string> env = plan_.Environment(run, Replay(run));
    env.push_back("WARPSAFE_TRACE=" + TracePath());
    return RunCaptured(exe_, ProgramArgv(), env, scratch_);
  }

  std::optional<Json> ReadTrace() const {
    std::ifstream in(TracePath(), std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return Json::Parse(text.str());
  }

  // --trace OUT.html: the page of the finding, from the traced run (an empty timeline, said so,
  // when the run left no trace, as a crash does).
  bool WriteTracePage(const Finding& finding) {
    if (cl_.trace.empty()) return true;
    std::optional<Json> trace = ReadTrace();
    if (!trace) {
      Say("the replayed run recorded no trace (it ended before writing it); " + cl_.trace + " has the report only");
      trace = Json::Object();
    }
    if (WriteFileAtomically(cl_.trace, TracePage(finding, *trace))) return true;
    Say("cannot write " + cl_.trace);
    return false;
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
    if (plan_.sharded()) input.shard = plan_.ShardName();
    if (finding && !cl_.trace.empty()) input.trace_page = cl_.trace;
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
  if (cl.list_schedules) {
    // The plan alone: nothing is built or run (a CI matrix can show what each shard explores).
    const CheckPlan plan(cl);
    for (std::uint64_t p = 0; p < plan.ShardSize(); ++p) {
      const ScheduleRun run = plan.Nth(plan.ShardIndex(p));
      std::cout << run.index << ' ' << run.policy << ' ' << run.seed << '\n';
    }
    std::cout << std::flush;
    return 0;
  }
  std::string exe;
  if (const int rc = BuildCachedProgram(cl, /*instrumented=*/true, &exe); rc != 0) return rc;
  ExportCliPath();  // every run's runtime compilation (NVRTC) builds with this executable
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
