#include "tokenizer.h"

#include <cctype>

namespace warpsafe::frontend {
namespace {

bool IsIdentStart(unsigned char c) { return std::isalpha(c) || c == '_' || c == '$' || c >= 0x80; }
bool IsIdentChar(unsigned char c) { return std::isalnum(c) || c == '_' || c == '$' || c >= 0x80; }

bool IsStringPrefix(std::string_view id) {
  return id == "L" || id == "u" || id == "U" || id == "u8" || id == "R" || id == "LR" || id == "uR" ||
         id == "UR" || id == "u8R";
}

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) { out_.source = s; }

  TokenStream Run() {
    while (pos_ < s_.size()) Step();
    CloseDirective();
    return std::move(out_);
  }

 private:
  // A backslash-newline (or backslash-CR-LF) at `p`: its length, else 0.
  std::size_t SpliceAt(std::size_t p) const {
    if (p >= s_.size() || s_[p] != '\\') return 0;
    if (p + 1 < s_.size() && s_[p + 1] == '\n') return 2;
    if (p + 2 < s_.size() && s_[p + 1] == '\r' && s_[p + 2] == '\n') return 3;
    return 0;
  }

  void Step() {
    const char c = s_[pos_];
    if (c == '\n') {
      CloseDirective();
      ++line_;
      ++pos_;
      at_line_start_ = true;
      return;
    }
    if (std::size_t n = SpliceAt(pos_)) {  // a splice between tokens joins lines, nothing else
      pos_ += n;
      ++line_;
      return;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++pos_;
      return;
    }
    if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '/') return LineComment();
    if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '*') return BlockComment();
    if (c == '#' && at_line_start_ && directive_ < 0) return StartDirective();
    at_line_start_ = false;
    const std::size_t start = pos_;
    const int line = line_;
    if (IsIdentStart(static_cast<unsigned char>(c))) {
      while (pos_ < s_.size() && IsIdentChar(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      std::string_view id = s_.substr(start, pos_ - start);
      if (pos_ < s_.size() && (s_[pos_] == '"' || s_[pos_] == '\'') && IsStringPrefix(id)) {
        if (s_[pos_] == '"' && id.back() == 'R') {
          if (RawString()) return Emit(TokenKind::kRawString, start, line);
          return Emit(TokenKind::kString, start, line);  // malformed raw string: read as ordinary
        }
        if (id.back() != 'R') {
          const bool is_char = s_[pos_] == '\'';
          Quoted(s_[pos_]);
          return Emit(is_char ? TokenKind::kChar : TokenKind::kString, start, line);
        }
      }
      return Emit(TokenKind::kIdentifier, start, line);
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_ + 1])))) {
      Number();
      return Emit(TokenKind::kNumber, start, line);
    }
    if (c == '"') {
      Quoted('"');
      return Emit(TokenKind::kString, start, line);
    }
    if (c == '\'') {
      Quoted('\'');
      return Emit(TokenKind::kChar, start, line);
    }
    if (c == '<' && header_name_expected_) {
      const std::size_t close = s_.find_first_of(">\n", pos_ + 1);
      if (close != std::string_view::npos && s_[close] == '>') {
        pos_ = close + 1;
        return Emit(TokenKind::kHeaderName, start, line);
      }
    }
    static constexpr std::string_view kMulti[] = {"...", "::", "->", "##", "&&", "||"};
    for (std::string_view m : kMulti) {
      if (s_.substr(pos_, m.size()) == m) {
        pos_ += m.size();
        return Emit(TokenKind::kPunct, start, line);
      }
    }
    ++pos_;
    Emit(TokenKind::kPunct, start, line);
  }

  void Emit(TokenKind kind, std::size_t start, int line) {
    header_name_expected_ = false;
    out_.tokens.push_back(Token{kind, start, pos_, line, directive_, s_.substr(start, pos_ - start)});
    if (directive_ >= 0) {
      Directive& d = out_.directives[directive_];
      // The directive's name is its second token; `#include` may be followed by <header-name>.
      if (out_.tokens.size() - d.first_token == 2 && kind == TokenKind::kIdentifier) {
        d.name = std::string(out_.tokens.back().text);
        if (d.name == "include" || d.name == "include_next" || d.name == "import") header_name_expected_ = true;
        if (d.name == "error" || d.name == "warning") SkipRestOfLogicalLine();
      }
    }
  }

  // #error/#warning take arbitrary text (unbalanced apostrophes included): not tokenized.
  void SkipRestOfLogicalLine() {
    while (pos_ < s_.size() && s_[pos_] != '\n') {
      if (std::size_t n = SpliceAt(pos_)) {
        pos_ += n;
        ++line_;
      } else {
        ++pos_;
      }
    }
  }

  void StartDirective() {
    directive_ = static_cast<int>(out_.directives.size());
    out_.directives.push_back(Directive{pos_, s_.size(), line_, line_, "", out_.tokens.size(), out_.tokens.size()});
    at_line_start_ = false;
    const std::size_t start = pos_++;
    Emit(TokenKind::kPunct, start, line_);
  }

  void CloseDirective() {
    if (directive_ < 0) return;
    Directive& d = out_.directives[directive_];
    d.end = pos_;
    d.end_line = line_;
    d.last_token = out_.tokens.size();
    directive_ = -1;
    header_name_expected_ = false;
  }

  void LineComment() {
    // A `//` comment ends at the newline, unless a splice continues it onto the next line.
    while (pos_ < s_.size() && s_[pos_] != '\n') {
      if (std::size_t n = SpliceAt(pos_)) {
        pos_ += n;
        ++line_;
      } else {
        ++pos_;
      }
    }
  }

  void BlockComment() {
    pos_ += 2;
    while (pos_ < s_.size() && !(s_[pos_] == '*' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '/')) {
      if (s_[pos_] == '\n') ++line_;
      ++pos_;
    }
    pos_ = pos_ < s_.size() ? pos_ + 2 : pos_;
  }

  // An ordinary string or character literal from its opening quote; unterminated ones stop before
  // the newline.
  void Quoted(char quote) {
    ++pos_;
    while (pos_ < s_.size() && s_[pos_] != quote && s_[pos_] != '\n') {
      if (std::size_t n = SpliceAt(pos_)) {
        pos_ += n;
        ++line_;
      } else if (s_[pos_] == '\\') {
        pos_ += 2;
      } else {
        ++pos_;
      }
    }
    if (pos_ < s_.size() && s_[pos_] == quote) ++pos_;
    if (pos_ > s_.size()) pos_ = s_.size();
    UdSuffix();
  }

  // R"delim( ... )delim" from its opening quote. False (nothing consumed) if malformed.
  bool RawString() {
    const std::size_t open = s_.find('(', pos_ + 1);
    if (open == std::string_view::npos || open - pos_ - 1 > 16) return false;
    const std::string_view delim = s_.substr(pos_ + 1, open - pos_ - 1);
    if (delim.find_first_of(" \\)\t\n\"") != std::string_view::npos) return false;
    const std::string closing = ")" + std::string(delim) + "\"";
    std::size_t close = s_.find(closing, open + 1);
    close = close == std::string_view::npos ? s_.size() : close + closing.size();
    for (std::size_t p = pos_; p < close; ++p) line_ += s_[p] == '\n';
    pos_ = close;
    UdSuffix();
    return true;
  }

  void UdSuffix() {
    while (pos_ < s_.size() && IsIdentChar(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }

  // A pp-number: digits, letters, `.`, digit separators, and signs after an exponent letter.
  void Number() {
    ++pos_;
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      const char prev = s_[pos_ - 1];
      if ((c == '+' || c == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
        ++pos_;
      } else if (c == '\'' && pos_ + 1 < s_.size() && IsIdentChar(static_cast<unsigned char>(s_[pos_ + 1]))) {
        pos_ += 2;
      } else if (IsIdentChar(static_cast<unsigned char>(c)) || c == '.') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  int line_ = 1;
  bool at_line_start_ = true;
  bool header_name_expected_ = false;
  int directive_ = -1;
  TokenStream out_;
};

std::string RawToOrdinary(std::string_view raw) {
  const std::size_t quote = raw.find('"');
  const std::size_t open = raw.find('(', quote);
  const std::size_t delim_len = open - quote - 1;
  const std::string_view prefix = raw.substr(0, quote - 1);  // without the R
  const std::size_t close = raw.rfind('"');
  const std::size_t body_end = close - delim_len - 1;  // the ')' before the delimiter
  const std::string_view body = body_end > open ? raw.substr(open + 1, body_end - open - 1) : std::string_view();
  std::string out(prefix);
  out += '"';
  for (char c : body) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '?': out += "\\?"; break;  // no accidental trigraphs
      default: out += c;
    }
  }
  out += '"';
  out += raw.substr(close + 1);  // a user-defined-literal suffix
  return out;
}

}  // namespace

TokenStream Tokenize(std::string_view source) { return Lexer(source).Run(); }

std::string TokenText(const Token& token) {
  if (token.kind == TokenKind::kRawString) return RawToOrdinary(token.text);
  std::string out;
  out.reserve(token.text.size());
  for (std::size_t i = 0; i < token.text.size(); ++i) {
    if (token.text[i] == '\\' && i + 1 < token.text.size() && token.text[i + 1] == '\n') {
      ++i;
    } else if (token.text[i] == '\\' && i + 2 < token.text.size() && token.text[i + 1] == '\r' &&
               token.text[i + 2] == '\n') {
      i += 2;
    } else {
      out += token.text[i];
    }
  }
  return out;
}

std::string FlattenTokens(const TokenStream& ts, std::size_t first, std::size_t last) {
  std::string out;
  for (std::size_t i = first; i < last; ++i) {
    if (i > first && !Adjacent(ts.tokens[i - 1], ts.tokens[i])) out += ' ';
    out += TokenText(ts.tokens[i]);
  }
  return out;
}

}  // namespace warpsafe::frontend
