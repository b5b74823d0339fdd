#include "cli/check_report.h"

#include <cstdlib>
#include <filesystem>

#include "cli/check_json.h"
#include "cli/process.h"
#include "cli/sarif.h"
#include "report/defect_kind.h"

namespace warpsafe::cli {

namespace {

using engine::DefectKind;

// Lines of a program's output shown in a schedule-dependent failure: enough to see the symptom.
constexpr std::size_t kTailLines = 8;

unsigned ToUnsigned(const Json& v) {
  const double d = v.AsNumber();
  return d > 0 && d < 4e9 ? static_cast<unsigned>(d) : 0;
}

// "file:line: fn: block: [..], thread: [..] Assertion `x` failed." (device_io/device_assert.cpp,
// CUDA's format) as a site, so SARIF can point at the assert.
std::optional<FindingSite> AssertSite(const std::string& err) {
  const std::size_t at = err.find("Assertion `");
  if (at == std::string::npos) return std::nullopt;
  const std::size_t begin = err.rfind('\n', at) == std::string::npos ? 0 : err.rfind('\n', at) + 1;
  std::size_t end = err.find('\n', at);
  if (end == std::string::npos) end = err.size();
  const std::string line = err.substr(begin, end - begin);
  // file:LINE: — the first ":<digits>:" in the line.
  for (std::size_t colon = line.find(':'); colon != std::string::npos; colon = line.find(':', colon + 1)) {
    std::size_t digits_end = colon + 1;
    while (digits_end < line.size() && line[digits_end] >= '0' && line[digits_end] <= '9') ++digits_end;
    if (digits_end > colon + 1 && digits_end < line.size() && line[digits_end] == ':') {
      FindingSite site;
      site.file = line.substr(0, colon);
      site.line = static_cast<unsigned>(std::strtoul(line.substr(colon + 1, digits_end - colon - 1).c_str(), nullptr, 10));
      const std::size_t expr = line.find("Assertion `");
      site.what = "device assert failed: " + line.substr(expr);
      return site;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Finding> FindingFromEngineJson(const std::string& json) {
  const std::optional<Json> doc = Json::Parse(json);
  if (!doc || !doc->IsObject() || !(*doc)["id"].IsString()) return std::nullopt;
  const Json& d = *doc;
  Finding f;
  f.id = d["id"].AsString();
  f.title = d["title"].AsString();
  f.where = d["where"].AsString();
  for (const Json& s : d["sites"].Items()) {
    f.sites.push_back(FindingSite{s["file"].AsString(), ToUnsigned(s["line"]), ToUnsigned(s["column"]),
                                  s["what"].AsString()});
  }
  for (const Json& l : d["lines"].Items()) f.lines.push_back(l.AsString());
  f.replay = d["replay"].AsString();
  return f;
}

Finding FindingFromEngineText(const std::string& text) {
  Finding f;
  f.id = "unknown";
  std::size_t pos = text.rfind("warpsafe: ", 0) == 0 ? 0 : text.find("\nwarpsafe: ");
  if (pos == std::string::npos) return f;
  if (text[pos] == '\n') ++pos;
  std::size_t end = text.find('\n', pos);
  f.title = text.substr(pos + 10, (end == std::string::npos ? text.size() : end) - pos - 10);
  for (const DefectKind kind : AllDefectKinds()) {
    if (f.title == engine::DefectTitle(kind)) f.id = engine::DefectId(kind);
  }
  while (end != std::string::npos && text.compare(end + 1, 2, "  ") == 0) {
    const std::size_t next = text.find('\n', end + 1);
    const std::string line = text.substr(end + 3, (next == std::string::npos ? text.size() : next) - end - 3);
    if (line.rfind("in ", 0) == 0 && f.where.empty() && f.lines.empty()) {
      f.where = line.substr(3);
    } else if (line.rfind("replay: ", 0) == 0) {
      f.replay = line.substr(8);
    } else {
      f.lines.push_back(line);
    }
    end = next;
  }
  return f;
}

namespace {

// Every "at PATH:LINE[:COL]" in `text` (PATH without spaces, as the engine prints #line paths).
void SitesInText(const std::string& text, std::vector<FindingSite>& sites) {
  for (std::size_t at = text.find("at "); at != std::string::npos; at = text.find("at ", at + 3)) {
    if (at > 0 && text[at - 1] != ' ' && text[at - 1] != '(') continue;
    std::size_t p = at + 3;
    std::size_t end = p;
    while (end < text.size() && text[end] != ' ' && text[end] != ')' && text[end] != ',') ++end;
    std::string token = text.substr(p, end - p);
    // PATH:LINE or PATH:LINE:COL, digits at the end.
    auto split_number = [](std::string& t) -> std::optional<unsigned> {
      const std::size_t colon = t.rfind(':');
      if (colon == std::string::npos || colon + 1 == t.size()) return std::nullopt;
      if (t.find_first_not_of("0123456789", colon + 1) != std::string::npos) return std::nullopt;
      const unsigned n = static_cast<unsigned>(std::strtoul(t.c_str() + colon + 1, nullptr, 10));
      t.resize(colon);
      return n;
    };
    if (!token.empty() && token.back() == ':') token.pop_back();
    const std::optional<unsigned> last = split_number(token);
    if (!last) continue;
    std::string path = token;
    std::optional<unsigned> line = split_number(path);
    unsigned column = 0;
    if (line) {
      column = *last;
    } else {
      path = token;
      line = last;
    }
    if (path.empty() || path.find('/') == std::string::npos) continue;
    bool dup = false;
    for (const FindingSite& s : sites) dup = dup || (s.file == path && s.line == *line && s.column == column);
    if (!dup) sites.push_back(FindingSite{path, *line, column, ""});
  }
}

}  // namespace

void CompleteSites(Finding& f, const std::string& file) {
  if (!f.sites.empty()) return;
  for (const std::string& line : f.lines) {
    const std::size_t before = f.sites.size();
    SitesInText(line, f.sites);
    // The line says what happens there; trimmed of its indentation.
    for (std::size_t i = before; i < f.sites.size(); ++i) {
      f.sites[i].what = line.substr(line.find_first_not_of(' ') == std::string::npos ? 0 : line.find_first_not_of(' '));
    }
  }
  const std::size_t before = f.sites.size();
  SitesInText(f.where, f.sites);
  for (std::size_t i = before; i < f.sites.size(); ++i) f.sites[i].what = "in " + f.where;
  if (f.sites.empty()) {
    std::error_code ec;
    f.sites.push_back(FindingSite{std::filesystem::absolute(file, ec).lexically_normal().string(), 0, 0, ""});
  }
}

std::string DescribeOutcome(const RunOutcome& o) {
  if (!o.started) return "could not be started";
  if (o.signal != 0) return "was killed by signal " + std::to_string(o.signal) + " (" + SignalName(o.signal) + ")";
  const std::string status = "exited with status " + std::to_string(o.exit_code);
  if (o.AssertFailed()) return "failed a device assert and " + status;
  return status;
}

std::vector<std::string> LastLines(const std::string& text, std::size_t count) {
  std::vector<std::string> lines;
  std::size_t end = text.size();
  while (end > 0 && lines.size() < count) {
    const std::size_t nl = text.rfind('\n', end - 1);
    const std::size_t begin = nl == std::string::npos ? 0 : nl + 1;
    std::string line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > 240) line = line.substr(0, 240) + "...";
    if (!line.empty()) lines.insert(lines.begin(), line);
    if (nl == std::string::npos) break;
    end = nl;
  }
  return lines;
}

Finding ScheduleDependentFailure(const std::string& file, const ScheduleRun& run, const RunOutcome& failed,
                                 const RunOutcome& baseline, const std::string& replay) {
  Finding f;
  f.id = engine::DefectId(DefectKind::kScheduleDependentFailure);
  f.title = engine::DefectTitle(DefectKind::kScheduleDependentFailure);
  f.where = "program " + file + ", schedule " + run.policy + " with seed " + std::to_string(run.seed);
  f.lines.push_back("under the " + run.policy + " schedule (seed " + std::to_string(run.seed) + ") the program " +
                    DescribeOutcome(failed) + "; under lockstep it " + DescribeOutcome(baseline));
  if (std::optional<FindingSite> site = AssertSite(failed.err)) {
    f.lines.push_back("at " + site->file + ":" + std::to_string(site->line) + ": " + site->what);
    f.sites.push_back(*site);
  }
  for (const auto& [name, text] : {std::pair<const char*, const std::string&>{"stdout", failed.out},
                                   std::pair<const char*, const std::string&>{"stderr", failed.err}}) {
    const std::vector<std::string> tail = LastLines(text, kTailLines);
    if (tail.empty()) continue;
    f.lines.push_back(std::string("its ") + name + " ended with:");
    for (const std::string& l : tail) f.lines.push_back("| " + l);
  }
  f.lines.push_back("code that passes under lockstep and fails under another legal schedule assumes lockstep "
                    "execution (independent thread scheduling, since Volta)");
  f.replay = replay;
  return f;
}

std::string FindingText(const Finding& f) {
  std::string text = "warpsafe: " + f.title + "\n";
  if (!f.where.empty()) text += "  in " + f.where + "\n";
  for (const std::string& line : f.lines) text += "  " + line + "\n";
  text += "  replay: " + f.replay + "\n";
  return text;
}

}  // namespace warpsafe::cli
