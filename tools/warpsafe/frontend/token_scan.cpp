#include "token_scan.h"

namespace warpsafe::frontend {

bool IsPunct(const Token& t, std::string_view p) { return t.kind == TokenKind::kPunct && t.text == p; }
bool IsIdent(const Token& t, std::string_view id) { return t.kind == TokenKind::kIdentifier && t.text == id; }

namespace {

bool IsOpen(const Token& t) { return IsPunct(t, "(") || IsPunct(t, "[") || IsPunct(t, "{"); }
bool IsClose(const Token& t) { return IsPunct(t, ")") || IsPunct(t, "]") || IsPunct(t, "}"); }

char Partner(const Token& t) {
  switch (t.text[0]) {
    case '(': return ')';
    case '[': return ']';
    case '{': return '}';
    case ')': return '(';
    case ']': return '[';
    case '}': return '{';
  }
  return 0;
}

}  // namespace

std::size_t MatchForward(const TokenStream& ts, std::size_t open) {
  const int segment = ts.tokens[open].directive;
  std::vector<char> stack{Partner(ts.tokens[open])};
  for (std::size_t i = open + 1; i < ts.tokens.size(); ++i) {
    const Token& t = ts.tokens[i];
    if (t.directive != segment) return kNone;
    if (IsOpen(t)) {
      stack.push_back(Partner(t));
    } else if (IsClose(t)) {
      if (t.text[0] != stack.back()) return kNone;
      stack.pop_back();
      if (stack.empty()) return i;
    }
  }
  return kNone;
}

std::size_t MatchAcrossConditionals(const TokenStream& ts, std::size_t open) {
  const auto& tok = ts.tokens;
  if (tok[open].directive >= 0) return MatchForward(ts, open);
  std::vector<bool> skipping;  // per open conditional: inside a later (#elif/#else) branch
  std::vector<char> stack;
  for (std::size_t i = open; i < tok.size(); ++i) {
    if (tok[i].directive >= 0) {
      const Directive& d = ts.directives[static_cast<std::size_t>(tok[i].directive)];
      if (i != d.first_token) continue;
      if (d.name == "if" || d.name == "ifdef" || d.name == "ifndef") {
        skipping.push_back(false);
      } else if ((d.name == "elif" || d.name == "else" || d.name == "elifdef" || d.name == "elifndef") &&
                 !skipping.empty()) {
        skipping.back() = true;
      } else if (d.name == "endif") {
        if (skipping.empty()) return kNone;  // closes a conditional opened before `open`
        skipping.pop_back();
      }
      continue;
    }
    bool skipped = false;
    for (bool b : skipping) skipped = skipped || b;
    if (skipped) continue;
    const Token& t = tok[i];
    if (IsOpen(t)) {
      stack.push_back(Partner(t));
    } else if (IsClose(t)) {
      if (stack.empty() || t.text[0] != stack.back()) return kNone;
      stack.pop_back();
      if (stack.empty()) return skipping.empty() ? i : kNone;
    }
  }
  return kNone;
}

std::size_t MatchBackward(const TokenStream& ts, std::size_t close) {
  const int segment = ts.tokens[close].directive;
  std::vector<char> stack{Partner(ts.tokens[close])};
  for (std::size_t i = close; i-- > 0;) {
    const Token& t = ts.tokens[i];
    if (t.directive != segment) return kNone;
    if (IsClose(t)) {
      stack.push_back(Partner(t));
    } else if (IsOpen(t)) {
      if (t.text[0] != stack.back()) return kNone;
      stack.pop_back();
      if (stack.empty()) return i;
    }
  }
  return kNone;
}

bool LooksLikeTemplateOpen(const TokenStream& ts, std::size_t i) {
  const auto& tok = ts.tokens;
  if (!IsPunct(tok[i], "<") || i == 0) return false;
  if (tok[i - 1].kind != TokenKind::kIdentifier || IsIdent(tok[i - 1], "operator")) return false;
  if (i + 1 < tok.size() && Adjacent(tok[i], tok[i + 1]) && (IsPunct(tok[i + 1], "<") || IsPunct(tok[i + 1], "=")))
    return false;
  return true;
}

std::size_t MatchAngleForward(const TokenStream& ts, std::size_t open, std::size_t limit) {
  const int segment = ts.tokens[open].directive;
  int depth = 0;
  for (std::size_t i = open; i < limit && i < ts.tokens.size(); ++i) {
    const Token& t = ts.tokens[i];
    if (t.directive != segment) return kNone;
    if (IsOpen(t)) {
      i = MatchForward(ts, i);
      if (i == kNone || i >= limit) return kNone;
    } else if (IsPunct(t, "<")) {
      ++depth;
    } else if (IsPunct(t, ">")) {
      if (--depth == 0) return i;
    } else if (IsClose(t) || IsPunct(t, ";") || IsPunct(t, "&&") || IsPunct(t, "||")) {
      return kNone;
    }
  }
  return kNone;
}

std::size_t MatchAngleBackward(const TokenStream& ts, std::size_t close) {
  const int segment = ts.tokens[close].directive;
  int depth = 0;
  for (std::size_t i = close + 1; i-- > 0;) {
    const Token& t = ts.tokens[i];
    if (t.directive != segment) return kNone;
    if (IsClose(t)) {
      i = MatchBackward(ts, i);
      if (i == kNone) return kNone;
    } else if (IsPunct(t, ">")) {
      ++depth;
    } else if (IsPunct(t, "<")) {
      if (--depth == 0) return i;
    } else if (IsOpen(t) || IsPunct(t, ";") || IsPunct(t, "&&") || IsPunct(t, "||")) {
      return kNone;
    }
  }
  return kNone;
}

std::vector<std::pair<std::size_t, std::size_t>> SplitTopLevel(const TokenStream& ts, std::size_t first,
                                                                std::size_t last) {
  std::vector<std::pair<std::size_t, std::size_t>> parts;
  if (first >= last) return parts;
  std::size_t start = first;
  for (std::size_t i = first; i < last; ++i) {
    const Token& t = ts.tokens[i];
    if (IsOpen(t)) {
      const std::size_t close = MatchForward(ts, i);
      if (close != kNone && close < last) i = close;
    } else if (LooksLikeTemplateOpen(ts, i)) {
      const std::size_t close = MatchAngleForward(ts, i, last);
      if (close != kNone) i = close;
    } else if (IsPunct(t, ",")) {
      parts.emplace_back(start, i);
      start = i + 1;
    }
  }
  parts.emplace_back(start, last);
  return parts;
}

}  // namespace warpsafe::frontend
