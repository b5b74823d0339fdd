#include "report/report.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "fiber/fault_handler.h"
#include "options.h"
#include "report/user_frames.h"
#include "sched/block.h"
#include "sched/progress.h"
#include "trace/timeline.h"

namespace warpsafe::engine {

std::string FormatLanes(std::uint32_t mask) {
  if (mask == 0) return "none";
  std::string out;
  for (unsigned i = 0; i < 32;) {
    if (((mask >> i) & 1) == 0) {
      ++i;
      continue;
    }
    unsigned j = i;
    while (j + 1 < 32 && ((mask >> (j + 1)) & 1)) ++j;
    if (!out.empty()) out += ",";
    out += std::to_string(i);
    if (j > i) out += "-" + std::to_string(j);
    i = j + 1;
  }
  return out;
}

std::string LanesPhrase(std::uint32_t mask) {
  return (__builtin_popcount(mask) == 1 ? "lane " : "lanes ") + FormatLanes(mask);
}

const char* Verb(std::uint32_t mask, const char* one, const char* several) {
  return __builtin_popcount(mask) == 1 ? one : several;
}

std::string FormatSite(Site site) {
  if (site.file == nullptr) return "(no scheduling point reached yet)";
  std::string text = std::string(site.file) + ":" + std::to_string(site.line);
  if (site.column != 0) text += ":" + std::to_string(site.column);
  return text;
}

std::string FormatDim(uint3 d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

namespace {

// When no launcher (the CLI, or a standalone executable's flags) said how to rerun the program,
// rebuild the command from /proc/self/cmdline with the schedule in the environment, and the limits
// this run took from the environment (a flag on the command line repeats itself).
std::string DefaultReplay() {
  const Options& o = GetOptions();
  std::string cmd = std::string("WARPSAFE_SCHEDULE=") + ScheduleName(o.schedule) +
                    " WARPSAFE_SEED=" + std::to_string(o.seed);
  for (const char* variable : {"WARPSAFE_WORKERS", "WARPSAFE_STACK_SIZE", "WARPSAFE_LIVELOCK_STEPS",
                               "WARPSAFE_HANG_SECONDS", "WARPSAFE_PCT_DEPTH"}) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    // The engine accepted it as a number (options.cpp), so it needs no quoting.
    cmd += std::string(" ") + variable + "=" + value;
  }
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string arg;
  while (std::getline(in, arg, '\0')) cmd += " " + arg;
  return cmd;
}

}  // namespace

Report::Report(DefectKind kind) : kind_(kind) {}

Report& Report::Where(const std::string& text) {
  where_ = text;
  return *this;
}

Report& Report::Line(const std::string& text) {
  lines_.push_back(text);
  return *this;
}

Report& Report::At(Site site, const std::string& what) {
  lines_.push_back("at " + FormatSite(site) + ": " + what);
  sites_.push_back(SiteNote{site, what});
  return *this;
}

Report& Report::At(const Lane& lane, Site site, const std::string& what) {
  std::string note;
  const Site user = UserSite(lane, site, &note);
  return At(user, what + note);
}

Report& Report::At(const std::vector<std::uintptr_t>& calls, Site site, const std::string& what) {
  std::string note;
  const Site user = UserSiteOfCalls(calls, site, &note);
  return At(user, what + note);
}

Report& Report::AtRunning(Site site, const std::string& what) {
  if (const Lane* lane = CurrentLaneOrNull()) return At(*lane, site, what);
  return At(site, what);
}

Report& Report::AtCaller(const std::string& what) {
  Site site{nullptr, 0, 0};
  if (CallerSite(&site)) return At(site, what);
  return Line(what);
}

namespace {
std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}
}  // namespace

std::string Report::Json() const {
  std::string where = where_;
  if (where.empty()) {
    if (Lane* lane = CurrentLaneOrNull()) where = lane->block->Describe(*lane);
  }
  const std::string& replay = GetOptions().replay;
  std::string j = "{\"id\": " + JsonString(DefectId(kind_)) + ", \"title\": " + JsonString(DefectTitle(kind_)) +
                  ", \"where\": " + JsonString(where) + ", \"sites\": [";
  for (std::size_t i = 0; i < sites_.size(); ++i) {
    const Site& s = sites_[i].site;
    j += (i ? ", " : "") + std::string("{\"file\": ") + JsonString(s.file ? s.file : "") +
         ", \"line\": " + std::to_string(s.line) + ", \"column\": " + std::to_string(s.column) +
         ", \"what\": " + JsonString(sites_[i].what) + "}";
  }
  j += "], \"lines\": [";
  for (std::size_t i = 0; i < lines_.size(); ++i) j += (i ? ", " : "") + JsonString(lines_[i]);
  j += "], \"replay\": " + JsonString(replay.empty() ? DefaultReplay() : replay) + "}\n";
  return j;
}

std::string Report::Text() const {
  std::string where = where_;
  if (where.empty()) {
    if (Lane* lane = CurrentLaneOrNull()) where = lane->block->Describe(*lane);
  }
  std::string text = std::string("warpsafe: ") + DefectTitle(kind_) + "\n";
  if (!where.empty()) text += "  in " + where + "\n";
  for (const std::string& line : lines_) text += "  " + line + "\n";
  for (const std::string& line : timeline_) text += "  " + line + "\n";
  const std::string& replay = GetOptions().replay;
  text += "  replay: " + (replay.empty() ? DefaultReplay() : replay) + "\n";
  return text;
}

void Report::Emit() {
  static std::atomic<bool> reporting{false};
  if (reporting.exchange(true)) {
    // Another thread is reporting and will end the process; this one must not go on.
    for (;;) pause();
  }
  if (trace::On()) {
    std::vector<trace::ReportedSite> sites;
    for (const SiteNote& note : sites_) sites.push_back(trace::ReportedSite{note.site, note.what});
    timeline_ = trace::Conclude(sites, kind_ == DefectKind::kDeadlock || kind_ == DefectKind::kLivelock);
  }
  const std::string text = Text();
  ProgressErase();  // the report starts on a clean line
  if (const char* path = std::getenv("WARPSAFE_REPORT_JSON")) {
    if (FILE* f = std::fopen(path, "w")) {
      const std::string json = Json();
      std::fwrite(json.data(), 1, json.size(), f);
      std::fclose(f);
    }
  }
  WriteAndExit(text, kExitDefect);
}

void WriteAndExit(const std::string& text, int status) {
  // What the program printed comes first (and a report from a signal handler or the watchdog must
  // not wait for a stdout lock that the stuck or faulting thread holds).
  FlushStdoutForCrash();
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(STDERR_FILENO, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  _exit(status);
}

}  // namespace warpsafe::engine
