#include "source_edit.h"

#include <algorithm>

namespace warpsafe::frontend {

int CountNewlines(std::string_view text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

std::string ApplyEdits(std::string_view source, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
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
