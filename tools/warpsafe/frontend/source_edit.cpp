#include "source_edit.h"

#include <algorithm>

namespace warpsafe::frontend {

int CountNewlines(std::string_view text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

std::string ApplyEdits(std::string_view source, std::vector<Edit> edits) {
  // By place; at one place, insertions (empty ranges) first, then replacements, each in the order
  // given: two rewriters may each insert at one place, and of two replacements that start at one
  // place the earlier rewriter's wins.
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    if (a.begin != b.begin) return a.begin < b.begin;
    return a.begin == a.end && b.begin != b.end;
  });
  std::string out;
  out.reserve(source.size() + source.size() / 4);
  std::size_t pos = 0;
  for (const Edit& e : edits) {
    if (e.begin < pos) continue;
    out.append(source.substr(pos, e.begin - pos));
    out += e.replacement;
    const int newlines = CountNewlines(source.substr(e.begin, e.end - e.begin));
    for (int i = 0; i < newlines; ++i) out += e.in_directive ? " \\\n" : "\n";
    pos = e.end;
  }
  out.append(source.substr(pos));
  return out;
}

}  // namespace warpsafe::frontend
