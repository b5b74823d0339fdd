// A finding of `warpsafe check`, in the shape of the engine's report (report/report.h): either
// the engine's own report of a run (read back from WARPSAFE_REPORT_JSON), or a schedule-dependent
// failure, which only the checker can see because it takes two runs to notice. SARIF is written
// from this shape; the text is printed in the engine's format, stable first line included.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/check_plan.h"
#include "cli/check_runner.h"

namespace warpsafe::cli {

struct FindingSite {
  std::string file;  // as the engine names it (the user's path from #line: absolute)
  unsigned line = 0;    // 0: unknown
  unsigned column = 0;  // 0: unknown
  std::string what;
};

struct Finding {
  std::string id;     // DefectId, e.g. "data-race" (the SARIF rule)
  std::string title;  // DefectTitle, e.g. "data race"
  std::string where;
  std::vector<FindingSite> sites;
  std::vector<std::string> lines;  // detail lines, "at file:line: ..." ones included, as printed
  std::string replay;
};

// The engine's JSON report; nullopt if it is not one (malformed, or no "id").
std::optional<Finding> FindingFromEngineJson(const std::string& json);

// The engine's text report (when no JSON came back): its first `warpsafe: ` line and the indented
// lines under it. The id is looked up from the title ("unknown" if the title is not one of ours).
Finding FindingFromEngineText(const std::string& stderr_text);

// When the engine named no site (some reports only print them in their lines), the sites are
// taken from the text: every "at FILE:LINE[:COL]" in the lines, then in `where`; failing that,
// FILE.cu itself with no line, so a SARIF result always has a location.
void CompleteSites(Finding& finding, const std::string& file);

// The program failed under `run` where the lockstep baseline passed. `file` is FILE.cu as given.
Finding ScheduleDependentFailure(const std::string& file, const ScheduleRun& run, const RunOutcome& failed,
                                 const RunOutcome& baseline, const std::string& replay);

// How a run ended, for people: "exited with status 1", "was killed by signal 11 (SIGSEGV)", ...
std::string DescribeOutcome(const RunOutcome& outcome);

// The last `count` non-empty lines of `text`, each cut at 240 characters.
std::vector<std::string> LastLines(const std::string& text, std::size_t count);

// The report as the engine prints it: `warpsafe: <title>`, `  in <where>`, the lines, `  replay: `.
std::string FindingText(const Finding& finding);

}  // namespace warpsafe::cli
