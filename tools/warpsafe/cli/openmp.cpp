#include "cli/openmp.h"

#include <cctype>

namespace warpsafe::cli {

namespace {

// `line` (without its newline) is `#include <omp.h>` or `#include "omp.h"`, spaces allowed where
// the preprocessor allows them and anything after the name (a comment).
bool IsOpenMpInclude(const std::string& line) {
  std::size_t i = 0;
  auto skip_blanks = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  };
  skip_blanks();
  if (i >= line.size() || line[i] != '#') return false;
  ++i;
  skip_blanks();
  if (line.compare(i, 7, "include") != 0) return false;
  i += 7;
  skip_blanks();
  return line.compare(i, 7, "<omp.h>") == 0 || line.compare(i, 7, "\"omp.h\"") == 0;
}

}  // namespace

bool IncludesOpenMp(const std::string& text) {
  for (std::size_t at = text.find("omp.h"); at != std::string::npos; at = text.find("omp.h", at + 1)) {
    const std::size_t begin = text.rfind('\n', at);
    const std::size_t start = begin == std::string::npos ? 0 : begin + 1;
    const std::size_t end = text.find('\n', at);
    if (IsOpenMpInclude(text.substr(start, end == std::string::npos ? std::string::npos : end - start))) return true;
  }
  return false;
}

}  // namespace warpsafe::cli
