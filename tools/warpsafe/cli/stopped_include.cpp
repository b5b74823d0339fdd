#include "cli/stopped_include.h"

#include <vector>

namespace warpsafe::cli {

namespace {

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

// "path:12:10: ..." or "path:12: ..." -> "path:12"; empty when the line does not start so.
std::string FileAndLine(std::string_view text) {
  // The path may hold ':' itself; the location is the first ":<digits>" followed by ':' or ','.
  for (std::size_t colon = text.find(':'); colon != std::string_view::npos; colon = text.find(':', colon + 1)) {
    std::size_t end = colon + 1;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    if (end > colon + 1 && (end == text.size() || text[end] == ':' || text[end] == ',')) {
      return std::string(text.substr(0, end));
    }
  }
  return "";
}

// An "In file included from A:1," / "                 from B:2:" line's location; empty if it is none.
std::string ChainSite(std::string_view line) {
  constexpr std::string_view kFirst = "In file included from ";
  std::size_t start;
  if (line.rfind(kFirst, 0) == 0) {
    start = kFirst.size();
  } else {
    start = line.find_first_not_of(' ');
    if (start == std::string_view::npos || start == 0 || line.substr(start).rfind("from ", 0) != 0) return "";
    start += 5;
  }
  return FileAndLine(line.substr(start));
}

}  // namespace

std::optional<StoppedInclude> FindStoppedInclude(std::string_view diagnostics) {
  const std::vector<std::string_view> lines = Lines(diagnostics);
  // The chain of includes most recently printed, innermost first, as the compiler lists it.
  std::vector<std::string> chain;
  bool chain_open = false;
  for (std::string_view line : lines) {
    const std::string site = ChainSite(line);
    if (!site.empty()) {
      if (!chain_open) chain.clear();
      chain.push_back(site);
      chain_open = true;
      continue;
    }
    const bool diagnostic_line = !FileAndLine(line).empty();
    // A refused header: its #error names it and what it is (engine/refused/refused.cmake).
    constexpr std::string_view kRefused = "#error \"warpsafe: <";
    if (const std::size_t at = line.find(kRefused); at != std::string_view::npos && line.find("error: ") < at) {
      std::string_view rest = line.substr(at + kRefused.size());
      const std::size_t close = rest.find('>');
      if (close != std::string_view::npos) {
        StoppedInclude stop;
        stop.refused = true;
        stop.header = std::string(rest.substr(0, close));
        rest.remove_prefix(close + 1);
        if (const std::size_t open = rest.find(" ("); open == 0) {
          const std::size_t end = rest.find(") is not supported");
          if (end != std::string_view::npos) stop.what = std::string(rest.substr(2, end - 2));
        }
        // The refused header's own file is the error's; the #include naming it is the chain's first.
        if (chain_open && !chain.empty()) {
          stop.site = chain.front();
          if (chain.size() > 1) stop.from = chain.back();
        }
        return stop;
      }
    }
    // A header not found: "site:12:10: fatal error: name.h: No such file or directory" (GCC),
    // "site:12:10: fatal error: 'name.h' file not found" (Clang).
    constexpr std::string_view kFatal = ": fatal error: ";
    if (const std::size_t at = line.find(kFatal); at != std::string_view::npos) {
      std::string_view rest = line.substr(at + kFatal.size());
      std::string header;
      if (const std::size_t gcc = rest.find(": No such file or directory"); gcc != std::string_view::npos) {
        header = std::string(rest.substr(0, gcc));
      } else if (rest.size() > 2 && rest.front() == '\'' && rest.find("' file not found") != std::string_view::npos) {
        header = std::string(rest.substr(1, rest.find("' file not found") - 1));
      }
      if (!header.empty()) {
        StoppedInclude stop;
        stop.header = header;
        stop.site = FileAndLine(line);
        if (chain_open && !chain.empty()) stop.from = chain.back();
        return stop;
      }
    }
    if (diagnostic_line) chain_open = false;
  }
  return std::nullopt;
}

std::string DescribeStoppedInclude(const StoppedInclude& stop) {
  std::string text;
  if (!stop.site.empty()) text += stop.site + ": ";
  text += "<" + stop.header + ">";
  if (stop.refused) {
    if (!stop.what.empty()) text += " (" + stop.what + ")";
    text += " is not supported by the engine";
  } else {
    text += " not found";
  }
  if (!stop.from.empty()) text += " (included from " + stop.from + ")";
  return text;
}

}  // namespace warpsafe::cli
