// The one report builder and printer of the engine. A defect report is:
//
//   warpsafe: <title>                                   <- stable first line (DefectTitle)
//     kernel <name> (launched at file:line), block (x,y,z), warp W, lanes L
//     <detail lines: each call site involved, with its lanes>
//     replay: <command that reruns the program with the same schedule>
//
// Emit() prints it to stderr in one write and ends the process with kExitDefect. Usable from any
// engine thread; concurrent reports are serialised and only the first is printed. When the
// environment names a file in WARPSAFE_REPORT_JSON, Emit() also writes the report there as JSON
// (`warpsafe check --sarif` turns it into SARIF):
//   {"id": "shfl-inactive-source", "title": "...", "where": "...",
//    "sites": [{"file": "...", "line": 5, "column": 0, "what": "..."}], "lines": ["..."], "replay": "..."}
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "report/defect_kind.h"
#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

struct Lane;

// "0-3,7,9-31": a lane mask as a person reads it.
std::string FormatLanes(std::uint32_t mask);
// "lane 3" or "lanes 0-3,7": the mask named in a sentence. A verb after it agrees with the number
// of lanes: Verb(mask, "waits", "wait").
std::string LanesPhrase(std::uint32_t mask);
const char* Verb(std::uint32_t mask, const char* one, const char* several);
std::string FormatSite(Site site);

// Writes `text` to stderr after whatever the program has printed, with no stdio lock, and ends the
// process with `status`: the last step of Emit(), and of the messages that end a run with another
// status than a defect's (a launch whose parameters the two passes lay out differently).
[[noreturn]] void WriteAndExit(const std::string& text, int status);
std::string FormatDim(uint3 d);

class Report {
 public:
  explicit Report(DefectKind kind);

  // Where it happened: filled in from the current lane when called from one.
  Report& Where(const std::string& text);
  // One line of detail, indented under the header.
  Report& Line(const std::string& text);
  // A call site involved, with what happened there, named as given.
  Report& At(Site site, const std::string& what);
  // A site `lane` reached, or reached when `calls` (CallsOnStack, report/user_frames.h) were on
  // its stack. Every report names the user's line: a site inside code the user did not write
  // (warpsafe's headers, <cooperative_groups.h>, CCCL) is named by the user's call that led
  // there, with the library's line kept after `what` as " (in file:line)"; unchanged when no
  // call from a user's file is found.
  Report& At(const Lane& lane, Site site, const std::string& what);
  Report& At(const std::vector<std::uintptr_t>& calls, Site site, const std::string& what);
  // At(lane, site, what) for the GPU thread running this code; At(site, what) on any other thread.
  Report& AtRunning(Site site, const std::string& what);
  // For a report made by host code the program called (a math library's checks and refusals): at
  // the program's line of that call (CallerSite, report/user_frames.h), or a plain line when it is
  // not found.
  Report& AtCaller(const std::string& what);

  [[noreturn]] void Emit();
  // The text Emit() would print (tests).
  std::string Text() const;

 private:
  struct SiteNote {
    Site site;
    std::string what;
  };
  std::string Json() const;

  DefectKind kind_;
  std::string where_;
  std::vector<std::string> lines_;
  std::vector<SiteNote> sites_;
  // With WARPSAFE_TRACE: the steps before the defect (trace/timeline.h), printed before the replay.
  std::vector<std::string> timeline_;
};

}  // namespace warpsafe::engine
