// Replacing byte ranges of a source while keeping every line where it was. A replacement is one
// line of text; the newlines of the range it replaces follow it, so the text after the range stays
// on its original line and `#line`-based diagnostics remain exact. Inside a directive (a #define
// body) the newlines are written as line splices so the directive goes on.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace warpsafe::frontend {

struct Edit {
  std::size_t begin;        // byte range of the source to replace
  std::size_t end;
  std::string replacement;  // must not contain a newline
  bool in_directive;        // the range lies inside a directive
};

// Applies non-overlapping edits, given in any order. At one place, insertions (empty ranges) apply
// first, in the order given, then the first replacement given; an edit overlapping an
// earlier-starting one is dropped.
std::string ApplyEdits(std::string_view source, std::vector<Edit> edits);

// The number of '\n' in `text`.
int CountNewlines(std::string_view text);

}  // namespace warpsafe::frontend
