#include "include_inliner.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "source_edit.h"
#include "token_scan.h"
#include "tokenizer.h"

namespace warpsafe::frontend {
namespace fs = std::filesystem;

std::string EscapePath(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

FileReader DiskReader() {
  return [](const std::string& path) -> std::optional<std::string> {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  };
}

namespace {

void StripBom(std::string& text) {
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
}

bool IsPragmaOnce(const TokenStream& ts, const Directive& d) {
  return d.name == "pragma" && d.last_token - d.first_token == 3 && IsIdent(ts.tokens[d.first_token + 2], "once");
}

// `#ifndef X` / `#define X` as the first two directives, nothing but comments before them.
bool HasIncludeGuard(const TokenStream& ts) {
  if (ts.directives.size() < 2 || ts.directives[0].first_token != 0) return false;
  const Directive& a = ts.directives[0];
  const Directive& b = ts.directives[1];
  if (a.name != "ifndef" || b.name != "define" || a.last_token - a.first_token < 3 || b.last_token - b.first_token < 3)
    return false;
  return a.last_token == b.first_token && ts.tokens[a.first_token + 2].text == ts.tokens[b.first_token + 2].text;
}

class Inliner {
 public:
  Inliner(const std::vector<std::string>& dirs, const FileReader& read) : dirs_(dirs), read_(read) {}

  std::string Process(const std::string& path, std::string text) {
    StripBom(text);
    const TokenStream ts = Tokenize(text);
    const std::string id = Identity(path);
    for (const Directive& d : ts.directives) {
      if (IsPragmaOnce(ts, d)) once_.insert(id);
    }
    stack_.push_back(path);
    std::vector<Replacement> edits;
    for (const Directive& d : ts.directives) {
      if (IsPragmaOnce(ts, d)) {
        edits.push_back(Replacement{d.begin, d.end, "", true});
        continue;
      }
      if (d.name != "include" || d.last_token - d.first_token < 3) continue;
      const Token& arg = ts.tokens[d.first_token + 2];
      const bool quoted = arg.kind == TokenKind::kString && arg.text.size() >= 2 && arg.text[0] == '"';
      const bool angled = arg.kind == TokenKind::kHeaderName && arg.text.size() >= 2;
      if (!quoted && !angled) continue;
      const std::string name(arg.text.substr(1, arg.text.size() - 2));
      const std::optional<std::string> resolved = Resolve(path, name, angled);
      if (!resolved) continue;
      std::optional<std::string> child = read_(*resolved);
      if (!child) continue;
      const std::string child_id = Identity(*resolved);
      if (once_.count(child_id)) {
        edits.push_back(Replacement{d.begin, d.end, "", true});
        continue;
      }
      if (OnStack(child_id)) {
        std::string child_text = *child;
        StripBom(child_text);
        if (HasIncludeGuard(Tokenize(child_text))) {
          edits.push_back(Replacement{d.begin, d.end, "", true});  // the guard is defined by now
        } else {
          std::string chain;
          for (const std::string& p : stack_) chain += p + " -> ";
          errors_.push_back(path + ":" + std::to_string(d.line) + ": error: include cycle: " + chain + *resolved +
                            " (add #pragma once or an include guard)");
        }
        continue;
      }
      if (std::find(files_.begin(), files_.end(), *resolved) == files_.end()) files_.push_back(*resolved);
      std::string body = Process(*resolved, std::move(*child));
      if (!body.empty() && body.back() != '\n') body += '\n';
      // The directive's own splices need no newlines: the #line after the body names the line
      // that follows the directive.
      edits.push_back(Replacement{d.begin, d.end,
                                  "#line 1 \"" + EscapePath(*resolved) + "\"\n" + body + "#line " +
                                      std::to_string(d.end_line + 1) + " \"" + EscapePath(path) + "\"",
                                  false});
    }
    stack_.pop_back();
    return Apply(text, edits);
  }

  std::vector<std::string> files_;
  std::vector<std::string> errors_;

 private:
  struct Replacement {
    std::size_t begin;
    std::size_t end;
    std::string text;
    bool keep_lines;  // pad with the range's newlines (an inlined body carries a #line instead)
  };

  static std::string Apply(const std::string& text, std::vector<Replacement>& edits) {
    std::sort(edits.begin(), edits.end(), [](const Replacement& a, const Replacement& b) { return a.begin < b.begin; });
    std::string out;
    std::size_t pos = 0;
    for (const Replacement& e : edits) {
      out.append(text, pos, e.begin - pos);
      out += e.text;
      if (e.keep_lines) {
        const int newlines = CountNewlines(std::string_view(text).substr(e.begin, e.end - e.begin));
        out.append(static_cast<std::size_t>(newlines), '\n');
      }
      pos = e.end;
    }
    out.append(text, pos, std::string::npos);
    return out;
  }

  // A quoted name is looked up beside the includer, then beside the main file, then in the -I
  // directories; an angle-bracket name only in the -I directories, as the compiler would (so
  // `#include <vector>` is never taken from the user's folder).
  std::optional<std::string> Resolve(const std::string& includer, const std::string& name, bool angled) {
    std::vector<fs::path> candidates;
    if (fs::path(name).is_absolute()) {
      candidates.push_back(name);
    } else if (angled) {
      for (const std::string& dir : dirs_) candidates.push_back(fs::absolute(fs::path(dir)) / name);
    } else {
      candidates.push_back(fs::path(includer).parent_path() / name);
      // The main file's directory next: a header beside the main file is the user's, as it would
      // be for a compiler reading the main file where it lies.
      if (!stack_.empty()) candidates.push_back(fs::path(stack_.front()).parent_path() / name);
      for (const std::string& dir : dirs_) candidates.push_back(fs::absolute(fs::path(dir)) / name);
    }
    for (const fs::path& c : candidates) {
      const fs::path normal = c.lexically_normal();
      if (read_(normal.string())) return normal.string();
    }
    return std::nullopt;
  }

  // The same file reached by different paths (symlinks, ../) is one file for #pragma once.
  static std::string Identity(const std::string& path) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(path, ec);
    return ec ? path : canonical.string();
  }

  bool OnStack(const std::string& id) const {
    for (const std::string& p : stack_) {
      if (Identity(p) == id) return true;
    }
    return false;
  }

  const std::vector<std::string>& dirs_;
  const FileReader& read_;
  std::set<std::string> once_;
  std::vector<std::string> stack_;
};

}  // namespace

InlineResult InlineIncludes(const std::string& main_path, const std::string& main_text,
                            const std::vector<std::string>& include_dirs, const FileReader& read) {
  Inliner inliner(include_dirs, read);
  InlineResult result;
  result.text = inliner.Process(main_path, main_text);
  result.inlined_files = std::move(inliner.files_);
  result.errors = std::move(inliner.errors_);
  return result;
}

std::string AnchorQuotedIncludes(const std::string& main_path, const std::string& main_text,
                                 const FileReader& read) {
  const TokenStream ts = Tokenize(main_text);
  std::string out;
  std::size_t pos = 0;
  for (const Directive& d : ts.directives) {
    if (d.name != "include" || d.last_token - d.first_token < 3) continue;
    const Token& arg = ts.tokens[d.first_token + 2];
    if (arg.kind != TokenKind::kString || arg.text.size() < 2 || arg.text[0] != '"') continue;
    const fs::path name(std::string(arg.text.substr(1, arg.text.size() - 2)));
    if (name.is_absolute()) continue;
    const std::string beside = (fs::path(main_path).parent_path() / name).lexically_normal().string();
    if (!read(beside)) continue;
    const std::size_t begin = static_cast<std::size_t>(arg.text.data() - main_text.data());
    out.append(main_text, pos, begin - pos);
    out += "\"" + EscapePath(beside) + "\"";
    pos = begin + arg.text.size();
  }
  out.append(main_text, pos, std::string::npos);
  return out;
}

}  // namespace warpsafe::frontend
