#include "cli/trace_page.h"

#include <algorithm>
#include <fstream>
#include <set>

#include "trace/window.h"

namespace warpsafe::cli {

namespace {

// The page shows at most this many lanes and steps (the trace may hold thousands).
constexpr std::size_t kRows = 8;
constexpr std::size_t kColumns = 14;
// Geometry of the SVG, in pixels.
constexpr int kLabelWidth = 210;
constexpr int kCellWidth = 100;
constexpr int kRowHeight = 44;
constexpr int kTop = 64;
constexpr int kCellPad = 5;

struct Step {
  std::string block;
  unsigned warp = 0;
  unsigned lane = 0;
  std::string kind;  // load, store, atomic, fence, wait, warp-sync, block-sync
  std::string file;
  unsigned line = 0;
  std::uint32_t mask = 0;
  std::string waits;
  std::string name;  // warp-sync, collective: which one
  int mark = 0;  // the report's site it stands for (1-based), or 0
  bool partial = false;  // a warp sync of part of the warp (schedule-dependent failures)
};

bool IsSync(const Step& s) { return s.kind == "warp-sync" || s.kind == "collective" || s.kind == "block-sync"; }
bool SameLane(const Step& a, const Step& b) { return a.block == b.block && a.warp == b.warp && a.lane == b.lane; }
bool Touches(const Step& s, const Step& row) {
  if (s.kind == "block-sync") return s.block == row.block;
  if (s.kind == "warp-sync" || s.kind == "collective") return s.block == row.block && s.warp == row.warp && ((s.mask >> row.lane) & 1u) != 0;
  return SameLane(s, row);
}

std::string Escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string BaseName(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Line `line` (1-based) of `file`, trimmed, or "" when it cannot be read.
std::string SourceLine(const std::string& file, unsigned line) {
  std::ifstream in(file);
  std::string text;
  for (unsigned n = 1; n <= line && std::getline(in, text); ++n) {
    if (n == line) {
      const std::size_t first = text.find_first_not_of(" \t");
      return first == std::string::npos ? "" : text.substr(first);
    }
  }
  return "";
}

std::string Verb(const Step& s) {
  if (s.kind == "load") return "read";
  if (s.kind == "store") return "write";
  if (s.kind == "wait") return "waits";
  return s.kind;
}

std::string Lanes(std::uint32_t mask) {
  std::string out;
  for (int i = 0; i < 32;) {
    if (((mask >> i) & 1u) == 0) {
      ++i;
      continue;
    }
    int j = i;
    while (j + 1 < 32 && ((mask >> (j + 1)) & 1u) != 0) ++j;
    out += (out.empty() ? "" : ",") + std::to_string(i) + (j > i ? "-" + std::to_string(j) : "");
    i = j + 1;
  }
  return out;
}

std::string Text(int x, int y, const std::string& cls, const std::string& text, const char* anchor = "start") {
  return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" class=\"" + cls +
         "\" text-anchor=\"" + anchor + "\">" + Escape(text) + "</text>\n";
}

const char* kStyle = R"(
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; margin: 28px 36px; background: #fbfbfc; }
h1 { font-size: 22px; margin: 0 0 4px; color: #b42318; }
.where { color: #57606a; margin-bottom: 14px; }
pre { font: 12.5px/1.5 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; background: #f3f4f6; border: 1px solid #d8dee4; border-radius: 6px; padding: 10px 14px; overflow-x: auto; }
h2 { font-size: 16px; margin: 22px 0 8px; }
.legend span { display: inline-block; margin-right: 16px; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; vertical-align: -1px; margin-right: 5px; border: 1px solid #8c959f; }
svg { max-width: 100%; height: auto; background: #ffffff; border: 1px solid #d8dee4; border-radius: 8px; }
svg text { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; font-size: 11.5px; fill: #24292f; }
svg text.label { font-family: system-ui, sans-serif; font-size: 12.5px; }
svg text.head { font-family: system-ui, sans-serif; font-size: 11px; fill: #57606a; }
svg text.kind { font-size: 10.5px; fill: #57606a; }
svg text.badge { font-family: system-ui, sans-serif; font-size: 11px; font-weight: 700; fill: #ffffff; }
svg text.edge { font-family: system-ui, sans-serif; font-size: 12px; font-weight: 600; fill: #b42318; }
svg text.sync { font-family: system-ui, sans-serif; font-size: 10.5px; fill: #1a7f37; }
table.sites { border-collapse: collapse; margin-top: 4px; }
table.sites td { padding: 5px 12px 5px 0; vertical-align: top; }
table.sites code { font: 12.5px ui-monospace, "DejaVu Sans Mono", Menlo, monospace; background: #fff1f0; padding: 2px 6px; border-radius: 4px; }
.num { display: inline-block; width: 20px; height: 20px; border-radius: 10px; background: #d92d20; color: #fff; text-align: center; font-weight: 700; font-size: 12px; line-height: 20px; }
.note { color: #57606a; }
)";

}  // namespace

std::string TracePage(const Finding& finding, const Json& trace) {
  std::vector<Step> steps;
  for (const Json& e : trace["events"].Items()) {
    Step s;
    s.name = e["name"].AsString();
    s.block = e["block"].AsString();
    s.warp = static_cast<unsigned>(e["warp"].AsNumber());
    s.lane = static_cast<unsigned>(e["lane"].AsNumber());
    s.kind = e["kind"].AsString();
    s.file = e["file"].AsString();
    s.line = static_cast<unsigned>(e["line"].AsNumber());
    s.mask = static_cast<std::uint32_t>(e["mask"].AsNumber());
    s.waits = e["waits"].AsString();
    s.mark = static_cast<int>(e["mark"].AsNumber());
    steps.push_back(s);
  }
  const bool race = finding.id == "data-race";
  const bool schedule_dependent = finding.id == "schedule-dependent-failure";
  bool any_mark = false;
  for (const Step& s : steps) any_mark = any_mark || s.mark != 0;
  // No site to stand for (a schedule-dependent failure): the collectives that joined only part of
  // a warp are what lockstep never does.
  if (!any_mark && schedule_dependent) {
    for (Step& s : steps) s.partial = (s.kind == "warp-sync" || s.kind == "collective") && s.mask != 0xffffffffu;
  }

  // Rows: the marked lanes, then those of the latest steps.
  std::vector<Step> rows = engine::trace::WindowRows(steps, kRows, kColumns, IsSync, SameLane);
  std::sort(rows.begin(), rows.end(), [](const Step& a, const Step& b) {
    if (a.block != b.block) return a.block < b.block;
    return a.warp != b.warp ? a.warp < b.warp : a.lane < b.lane;
  });

  // Columns: the latest steps of those lanes, the marked ones always among them.
  const std::vector<std::size_t> columns = engine::trace::WindowColumns(steps, rows, kColumns, Touches);
  // One file (the common case): its name once, above the steps, and only lines in the cells.
  std::set<std::string> files;
  for (const std::size_t i : columns) {
    if (!steps[i].file.empty()) files.insert(steps[i].file);
  }
  const bool one_file = files.size() == 1;

  const int width = kLabelWidth + static_cast<int>(std::max<std::size_t>(columns.size(), 1)) * kCellWidth + 24;
  const int height = kTop + static_cast<int>(rows.size()) * kRowHeight + (race ? 64 : 30);
  auto cx = [&](std::size_t col) { return kLabelWidth + static_cast<int>(col) * kCellWidth; };
  auto ry = [&](std::size_t row) { return kTop + static_cast<int>(row) * kRowHeight; };

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
                    std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + " " +
                    std::to_string(height) + "\" role=\"img\" aria-label=\"timeline\">\n";
  svg += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
         "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#b42318\"/></marker></defs>\n";
  svg += Text(16, 24, "head", "lane (block, warp, lane)");
  svg += Text(kLabelWidth, 24, "head",
              "scheduling steps, oldest to latest \u2192" + (one_file ? "   (lines of " + BaseName(*files.begin()) + ")" : ""));
  for (std::size_t c = 0; c < columns.size(); ++c) {
    svg += Text(cx(c) + kCellWidth / 2, kTop - 12, "head", "step " + std::to_string(columns[c] + 1), "middle");
  }
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const int y = ry(r);
    svg += "<rect x=\"8\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(width - 16) + "\" height=\"" +
           std::to_string(kRowHeight) + "\" fill=\"" + (r % 2 ? "#ffffff" : "#f6f8fa") + "\"/>\n";
    svg += Text(16, y + kRowHeight / 2 + 4, "label",
                "block " + rows[r].block + "  warp " + std::to_string(rows[r].warp) + "  lane " +
                    std::to_string(rows[r].lane));
  }
  // Synchronisations first (under the cells): a bar over the lanes they joined.
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const Step& s = steps[columns[c]];
    if (!IsSync(s)) continue;
    long first = -1, last = -1;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (!Touches(s, rows[r])) continue;
      if (first < 0) first = static_cast<long>(r);
      last = static_cast<long>(r);
    }
    if (first < 0) continue;
    // Only __syncwarp and __syncthreads order memory: other collectives are drawn thin and grey.
    const bool orders = s.kind != "collective";
    const std::string color = s.partial ? "#dc6803" : orders ? "#1a7f37" : "#8c959f";
    const int x = cx(c) + kCellWidth / 2;
    const int bar = orders || s.partial ? 10 : 6;
    svg += "<rect x=\"" + std::to_string(x - bar / 2) + "\" y=\"" + std::to_string(ry(first) + 4) + "\" width=\"" +
           std::to_string(bar) + "\" height=\"" + std::to_string((last - first + 1) * kRowHeight - 8) +
           "\" rx=\"" + std::to_string(bar / 2) + "\" fill=\"" + color + "\" opacity=\"0.85\"/>\n";
    std::string what = s.kind == "block-sync" ? "__syncthreads" : s.name.empty() ? "warp sync" : s.name;
    if (s.line != 0) what += " :" + std::to_string(s.line);
    if (s.partial) what += " (lanes " + Lanes(s.mask) + ")";
    svg += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(ry(last) + kRowHeight + 12) +
           "\" class=\"sync\" text-anchor=\"middle\"" +
           (s.partial ? " style=\"fill:#dc6803;font-weight:600\"" : orders ? "" : " style=\"fill:#57606a\"") + ">" +
           Escape(what) + "</text>\n";
  }
  // The cells.
  std::vector<std::pair<int, int>> mark_at(3, {-1, -1});
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const Step& s = steps[columns[c]];
    if (IsSync(s)) continue;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (!SameLane(s, rows[r])) continue;
      const int x = cx(c) + kCellPad, y = ry(r) + kCellPad;
      const int w = kCellWidth - 2 * kCellPad, h = kRowHeight - 2 * kCellPad;
      std::string fill = "#ddf4ff", stroke = "#54aeff";
      if (s.kind == "store") fill = "#fff8c5", stroke = "#d4a72c";
      if (s.kind == "wait") fill = "#eaeef2", stroke = "#8c959f";
      if (s.kind == "atomic" || s.kind == "fence") fill = "#fbefff", stroke = "#c297ff";
      if (s.mark != 0) fill = "#ffebe9", stroke = "#d92d20";
      svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(w) +
             "\" height=\"" + std::to_string(h) + "\" rx=\"6\" fill=\"" + fill + "\" stroke=\"" + stroke +
             "\" stroke-width=\"" + (s.mark != 0 ? "2.5" : "1") + "\"/>\n";
      std::string where = s.line == 0 ? "?" : one_file ? "line " + std::to_string(s.line)
                                                       : BaseName(s.file) + ":" + std::to_string(s.line);
      if (where.size() > 13) where = "\u2026" + where.substr(where.size() - 12);
      svg += Text(x + 7, y + 14, "kind", Verb(s));
      svg += Text(x + 7, y + 28, "site", where);
      if (s.mark != 0) {
        svg += "<circle cx=\"" + std::to_string(x + w - 10) + "\" cy=\"" + std::to_string(y + 11) +
               "\" r=\"9\" fill=\"#d92d20\"/>\n";
        svg += Text(x + w - 10, y + 15, "badge", std::to_string(s.mark), "middle");
        if (s.mark <= 2) mark_at[static_cast<std::size_t>(s.mark)] = {static_cast<int>(c), static_cast<int>(r)};
      }
    }
  }
  // A race: the happens-before edge that was missing, between access 2 (earlier) and access 1.
  std::string missing;
  if (race && mark_at[1].first >= 0 && mark_at[2].first >= 0) {
    const Step& a = rows[static_cast<std::size_t>(mark_at[1].second)];
    const Step& b = rows[static_cast<std::size_t>(mark_at[2].second)];
    if (a.block != b.block) {
      missing = "missing: __threadfence() + atomic flag between the blocks";
    } else if (a.warp == b.warp) {
      missing = "missing: __syncwarp() between these accesses";
    } else {
      missing = "missing: __syncthreads() between these accesses";
    }
    const int x1 = cx(static_cast<std::size_t>(mark_at[2].first)) + kCellWidth / 2;
    const int y1 = ry(static_cast<std::size_t>(mark_at[2].second)) + kRowHeight - kCellPad;
    const int x2 = cx(static_cast<std::size_t>(mark_at[1].first)) + kCellWidth / 2;
    const int y2 = ry(static_cast<std::size_t>(mark_at[1].second)) + kRowHeight - kCellPad;
    const int bottom = kTop + static_cast<int>(rows.size()) * kRowHeight + 26;
    svg += "<path d=\"M" + std::to_string(x1) + "," + std::to_string(y1) + " C" + std::to_string(x1) + "," +
           std::to_string(bottom) + " " + std::to_string(x2) + "," + std::to_string(bottom) + " " +
           std::to_string(x2) + "," + std::to_string(y2) +
           "\" fill=\"none\" stroke=\"#b42318\" stroke-width=\"2\" stroke-dasharray=\"6 4\" marker-end=\"url(#arrow)\"/>\n";
    svg += Text((x1 + x2) / 2, bottom + 14, "edge", missing, "middle");
  }
  if (columns.empty()) svg += Text(kLabelWidth, kTop + 20, "label", "no scheduling step was recorded");
  svg += "</svg>\n";

  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>warpsafe: " +
                     Escape(finding.title) + "</title>\n<style>" + kStyle + "</style></head>\n<body>\n";
  html += "<h1>warpsafe: " + Escape(finding.title) + "</h1>\n";
  if (!finding.where.empty()) html += "<div class=\"where\">in " + Escape(finding.where) + "</div>\n";
  html += "<h2>Timeline</h2>\n<div class=\"legend\">"
          "<span><i class=\"swatch\" style=\"background:#ddf4ff\"></i>read</span>"
          "<span><i class=\"swatch\" style=\"background:#fff8c5\"></i>write</span>"
          "<span><i class=\"swatch\" style=\"background:#fbefff\"></i>atomic / fence</span>"
          "<span><i class=\"swatch\" style=\"background:#eaeef2\"></i>waits (collective, barrier)</span>"
          "<span><i class=\"swatch\" style=\"background:#1a7f37\"></i>synchronisation that happened</span>"
          "<span><i class=\"swatch\" style=\"background:#ffebe9;border-color:#d92d20\"></i>reported</span>";
  if (schedule_dependent) html += "<span><i class=\"swatch\" style=\"background:#dc6803\"></i>collective over part of a warp</span>";
  html += "</div>\n<p>" + svg + "</p>\n";
  if (race && !missing.empty()) html += "<p class=\"note\">" + Escape(missing) + ": nothing orders access 2 before access 1.</p>\n";
  if (schedule_dependent) {
    bool partial = false;
    for (const Step& s : steps) partial = partial || s.partial;
    html += std::string("<p class=\"note\">The program's result differed from the lockstep run's. ") +
            (partial ? "In orange, warp collectives that only part of the warp took: under lockstep every lane of the "
                       "warp arrives together."
                     : "No collective took only part of a warp in these steps.") +
            "</p>\n";
  }

  // The source lines of the highlighted steps, numbered as in the picture, with what the report
  // says happened there (its site of the same number, else the first at that line).
  std::string sites;
  int max_mark = 0;
  for (const Step& s : steps) max_mark = std::max(max_mark, s.mark);
  for (int m = 1; m <= max_mark; ++m) {
    const Step* step = nullptr;
    for (const Step& s : steps) step = s.mark == m ? &s : step;
    if (step == nullptr || step->line == 0) continue;
    std::string what;
    const std::size_t j = static_cast<std::size_t>(m - 1);
    if (j < finding.sites.size() && finding.sites[j].line == step->line) what = finding.sites[j].what;
    for (std::size_t k = 0; k < finding.sites.size() && what.empty(); ++k) {
      if (finding.sites[k].line == step->line && BaseName(finding.sites[k].file) == BaseName(step->file))
        what = finding.sites[k].what;
    }
    sites += "<tr><td><span class=\"num\">" + std::to_string(m) + "</span></td><td>" + Escape(BaseName(step->file)) +
             ":" + std::to_string(step->line) + "</td><td><code>" + Escape(SourceLine(step->file, step->line)) +
             "</code><div class=\"note\">" + Escape(what) + "</div></td></tr>\n";
  }
  if (!sites.empty()) html += "<h2>Reported sites</h2>\n<table class=\"sites\">\n" + sites + "</table>\n";
  html += "<h2>Report</h2>\n<pre>";
  for (const std::string& line : finding.lines) html += Escape(line) + "\n";
  html += "</pre>\n<h2>Replay</h2>\n<pre>" + Escape(finding.replay) + "</pre>\n";
  html += "<p class=\"note\">The last " + std::to_string(steps.size()) +
          " scheduling events of the replayed run were recorded; the picture shows the latest steps of the lanes "
          "involved.</p>\n</body></html>\n";
  return html;
}

}  // namespace warpsafe::cli
