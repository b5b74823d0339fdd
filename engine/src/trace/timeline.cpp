#include "trace/timeline.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "race/symbolizer.h"
#include "report/report.h"
#include "sched/block.h"
#include "sched/lane.h"
#include "trace/window.h"

namespace warpsafe::engine::trace {

bool g_on = false;

namespace {

// Enough for the steps around a finding (the page shows a few dozen), small enough to cost
// nothing worth measuring when a run is traced.
constexpr std::size_t kCapacity = 4096;
// The text timeline: at most this many lanes and steps (the page has them all).
constexpr std::size_t kTextRows = 6;
constexpr std::size_t kTextColumns = 10;

struct Event {
  uint3 block;
  uint3 thread;
  unsigned warp;
  unsigned lane;
  EventKind kind;
  std::uint32_t mask;  // kWarpSync: the lanes of the warp that took part
  Site site;           // where it happened, or {nullptr} with a pc to resolve
  std::uintptr_t pc;
  WaitKind wait;       // kWait: what it waits at
  const char* name;    // kWarpSync, kCollective: which one
};

struct Ring {
  std::vector<Event> events = std::vector<Event>(kCapacity);
  std::size_t next = 0;
  std::size_t count = 0;
  std::string path;
  bool concluded = false;

  void Add(const Event& e) {
    events[next] = e;
    next = (next + 1) % kCapacity;
    if (count < kCapacity) ++count;
  }
  // Oldest first.
  std::vector<Event> InOrder() const {
    std::vector<Event> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) out.push_back(events[(next + kCapacity - count + i) % kCapacity]);
    return out;
  }
};

Ring& TheRing() {
  static Ring ring;
  return ring;
}

void ConcludeAtExit() { Conclude({}); }

// Before main: the flag the hooks test, and the file named.
[[gnu::constructor]] void ReadEnvironment() {
  const char* path = std::getenv("WARPSAFE_TRACE");
  if (path == nullptr || *path == '\0') return;
  TheRing().path = path;
  g_on = true;
  std::atexit(ConcludeAtExit);
}

Event From(const Lane& lane, EventKind kind) {
  Event e{};
  e.block = lane.block->block_idx();
  e.thread = lane.view.thread_idx;
  e.warp = lane.warp;
  e.lane = lane.lane;
  e.kind = kind;
  e.site = lane.site;
  return e;
}

// An event with its call site resolved, ready to print.
struct Step {
  Event event;
  std::string file;
  unsigned line = 0;
  int mark = 0;  // 1-based index of the report's site it stands for, or 0
};

bool SameLane(const Step& a, const Step& b) {
  return a.event.block.x == b.event.block.x && a.event.block.y == b.event.block.y &&
         a.event.block.z == b.event.block.z && a.event.warp == b.event.warp && a.event.lane == b.event.lane;
}

// Whether step `s` (a sync, which names no one lane) involves the lane of row `r`.
bool Touches(const Step& s, const Step& r) {
  const bool same_block = s.event.block.x == r.event.block.x && s.event.block.y == r.event.block.y &&
                          s.event.block.z == r.event.block.z;
  if (s.event.kind == EventKind::kBlockSync) return same_block;
  if (s.event.kind == EventKind::kWarpSync || s.event.kind == EventKind::kCollective) {
    return same_block && s.event.warp == r.event.warp && ((s.event.mask >> r.event.lane) & 1u) != 0;
  }
  return SameLane(s, r);
}

const char* KindName(EventKind k) {
  switch (k) {
    case EventKind::kLoad: return "load";
    case EventKind::kStore: return "store";
    case EventKind::kAtomic: return "atomic";
    case EventKind::kFence: return "fence";
    case EventKind::kWait: return "wait";
    case EventKind::kWarpSync: return "warp-sync";
    case EventKind::kCollective: return "collective";
    case EventKind::kBlockSync: return "block-sync";
  }
  return "?";
}

const char* WaitName(WaitKind w) {
  switch (w) {
    case WaitKind::kCollective: return "a warp collective";
    case WaitKind::kActiveMask: return "__activemask()";
    case WaitKind::kConverged: return "a mask-less warp intrinsic";
    case WaitKind::kBarrier: return "__syncthreads()";
    case WaitKind::kGridBarrier: return "grid.sync()";
    case WaitKind::kTileBarrier: return "a multi-warp tile's sync()";
    case WaitKind::kMBarrier: return "an mbarrier phase";
    case WaitKind::kNone: return "";
  }
  return "";
}

// One letter per kind in the text timeline.
char KindLetter(EventKind k) {
  switch (k) {
    case EventKind::kLoad: return 'R';
    case EventKind::kStore: return 'W';
    case EventKind::kAtomic: return 'A';
    case EventKind::kFence: return 'F';
    case EventKind::kWait: return '@';
    case EventKind::kWarpSync: return '|';
    case EventKind::kCollective: return '~';
    case EventKind::kBlockSync: return '#';
  }
  return '?';
}

std::string Json(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string BaseName(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool IsSync(const Step& s) {
  return s.event.kind == EventKind::kWarpSync || s.event.kind == EventKind::kCollective ||
         s.event.kind == EventKind::kBlockSync;
}

std::vector<std::string> TextTimeline(const std::vector<Step>& steps) {
  const std::vector<Step> rows = WindowRows(steps, kTextRows, kTextColumns, IsSync, SameLane);
  if (rows.empty()) return {};
  const std::vector<std::size_t> columns = WindowColumns(steps, rows, kTextColumns, Touches);
  std::set<std::string> files;
  for (const std::size_t i : columns) {
    if (!steps[i].file.empty()) files.insert(steps[i].file);
  }
  const bool one_file = files.size() <= 1;
  auto cell = [&](const Step& s) {
    std::string text(1, KindLetter(s.event.kind));
    if (s.line != 0) text += (one_file ? "" : BaseName(s.file) + ":") + std::to_string(s.line);
    if (s.mark != 0) text += "*";
    return text;
  };
  std::vector<std::string> labels;
  std::size_t label_width = 0;
  for (const Step& r : rows) {
    labels.push_back("block " + FormatDim(r.event.block) + " warp " + std::to_string(r.event.warp) + " lane " +
                     std::to_string(r.event.lane));
    label_width = std::max(label_width, labels.back().size());
  }
  std::vector<std::string> lines;
  lines.push_back("timeline, the last " + std::to_string(columns.size()) + " steps of these lanes (R read, W write, "
                  "A atomic, F fence, @ waits, | __syncwarp, ~ other warp collective, # __syncthreads; * reported" +
                  (one_file && !files.empty() ? "; lines of " + BaseName(*files.begin()) : std::string()) + "):");
  std::vector<std::string> row_text(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) row_text[r] = labels[r] + std::string(label_width - labels[r].size(), ' ');
  for (const std::size_t i : columns) {
    std::size_t width = 1;
    std::vector<std::string> cells(rows.size(), ".");
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (!Touches(steps[i], rows[r])) continue;
      cells[r] = cell(steps[i]);
      width = std::max(width, cells[r].size());
    }
    for (std::size_t r = 0; r < rows.size(); ++r) row_text[r] += "  " + cells[r] + std::string(width - cells[r].size(), ' ');
  }
  for (std::string& t : row_text) {
    while (!t.empty() && t.back() == ' ') t.pop_back();
    lines.push_back("  " + t);
  }
  return lines;
}

}  // namespace

void Access(const Lane& lane, bool write, std::uintptr_t pc) {
  Event e = From(lane, write ? EventKind::kStore : EventKind::kLoad);
  e.site = Site{nullptr, 0, 0};
  e.pc = pc;
  TheRing().Add(e);
}

void AtSite(const Lane& lane, EventKind kind, Site site) {
  Event e = From(lane, kind);
  e.site = site;
  TheRing().Add(e);
}

void Blocking(const Lane& lane) {
  Event e = From(lane, EventKind::kWait);
  e.wait = lane.wait;
  TheRing().Add(e);
}

void WarpCollective(const Lane& any_lane, std::uint32_t lanes, const char* name, bool orders_memory) {
  Event e = From(any_lane, orders_memory ? EventKind::kWarpSync : EventKind::kCollective);
  e.mask = lanes;
  e.name = name;
  TheRing().Add(e);
}

void BlockSynchronized(const Lane& any_lane) { TheRing().Add(From(any_lane, EventKind::kBlockSync)); }

std::vector<std::string> Conclude(const std::vector<ReportedSite>& sites, bool stuck) {
  Ring& ring = TheRing();
  if (!g_on || ring.concluded) return {};
  ring.concluded = true;
  const std::vector<Event> events = ring.InOrder();
  std::vector<std::uintptr_t> pcs;
  for (const Event& e : events) {
    if (e.site.file == nullptr && e.pc != 0) pcs.push_back(e.pc);
  }
  const std::vector<race::CodeLocation> locations =
      pcs.empty() ? std::vector<race::CodeLocation>{} : race::SymbolizeReturnAddresses(pcs);
  std::vector<Step> steps;
  std::size_t next = 0;
  for (const Event& e : events) {
    Step s{e, "", 0, 0};
    if (e.site.file != nullptr) {
      s.file = e.site.file;
      s.line = e.site.line;
    } else if (e.pc != 0) {
      s.file = locations[next].file;
      s.line = locations[next].line;
      ++next;
    }
    steps.push_back(s);
  }
  // Each site of the report stands for its latest step there, preferring the thread and the kind
  // of access the report names, then a lane not marked yet (a race's two accesses may be on one
  // line).
  auto lane_marked = [&](const Step& s) {
    for (const Step& t : steps) {
      if (t.mark != 0 && SameLane(t, s)) return true;
    }
    return false;
  };
  for (std::size_t j = 0; j < sites.size(); ++j) {
    const Site& site = sites[j].site;
    if (site.file == nullptr) continue;
    const std::string& what = sites[j].what;
    auto names_thread = [&](const Step& s) {
      return what.find("block " + FormatDim(s.event.block) + ", thread " + FormatDim(s.event.thread)) !=
             std::string::npos;
    };
    auto names_kind = [&](const Step& s) {
      if (s.event.kind == EventKind::kLoad) return what.find("read") != std::string::npos;
      if (s.event.kind == EventKind::kStore) return what.find("write") != std::string::npos;
      return true;
    };
    long best = -1;
    for (int pass = 0; pass < 4 && best < 0; ++pass) {
      for (std::size_t i = steps.size(); i-- > 0;) {
        const Step& s = steps[i];
        if (s.mark != 0 || s.line != site.line || s.file != site.file) continue;
        if (pass == 0 && !(names_thread(s) && names_kind(s))) continue;
        if (pass == 1 && !names_thread(s)) continue;
        if (pass == 2 && lane_marked(s)) continue;
        best = static_cast<long>(i);
        break;
      }
    }
    if (best >= 0) steps[static_cast<std::size_t>(best)].mark = static_cast<int>(j + 1);
  }
  if (sites.empty() && stuck) {
    // Each place where lanes wait: its latest wait.
    int mark = 0;
    for (std::size_t i = steps.size(); i-- > 0;) {
      if (steps[i].event.kind != EventKind::kWait) continue;
      bool seen = false;
      for (const Step& t : steps) seen = seen || (t.mark != 0 && t.line == steps[i].line && t.file == steps[i].file);
      if (!seen) steps[i].mark = ++mark;
    }
  }
  const std::vector<std::string> text = TextTimeline(steps);

  std::string json = "{\"capacity\": " + std::to_string(kCapacity) + ", \"events\": [";
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Step& s = steps[i];
    json += std::string(i ? ",\n  " : "\n  ") + "{\"block\": " + Json(FormatDim(s.event.block)) +
            ", \"warp\": " + std::to_string(s.event.warp) + ", \"lane\": " + std::to_string(s.event.lane) +
            ", \"kind\": \"" + KindName(s.event.kind) + "\", \"file\": " + Json(s.file) +
            ", \"line\": " + std::to_string(s.line) + ", \"mask\": " + std::to_string(s.event.mask) +
            ", \"waits\": " + Json(WaitName(s.event.wait)) +
            ", \"name\": " + Json(s.event.name != nullptr ? s.event.name : "") + ", \"mark\": " + std::to_string(s.mark) + "}";
  }
  json += "],\n\"timeline\": [";
  for (std::size_t i = 0; i < text.size(); ++i) json += (i ? ", " : "") + Json(text[i]);
  json += "]}\n";
  if (FILE* f = std::fopen(ring.path.c_str(), "w")) {
    std::fwrite(json.data(), 1, json.size(), f);
    std::fclose(f);
  }
  return text;
}

}  // namespace warpsafe::engine::trace
