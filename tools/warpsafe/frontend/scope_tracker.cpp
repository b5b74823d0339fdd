#include "scope_tracker.h"

#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

bool IsStatementEnd(const Token& t) { return IsPunct(t, ";") || IsPunct(t, "{") || IsPunct(t, "}"); }

// The kind of scope opened by the `{` at `b`, when no enclosing scope is a function body.
ScopeKind ClassifyBrace(const TokenStream& ts, std::size_t b) {
  const auto& tok = ts.tokens;
  // The head: the tokens of the statement that ends with this `{` (directives skipped).
  std::size_t h = b;
  while (h > 0) {
    const Token& t = tok[h - 1];
    if (t.directive >= 0) {
      --h;
      continue;
    }
    if (IsStatementEnd(t)) break;
    if (IsPunct(t, ")") || IsPunct(t, "]")) {
      const std::size_t open = MatchBackward(ts, h - 1);
      if (open == kNone) break;
      h = open;
      continue;
    }
    --h;
  }
  bool class_key = false;
  std::size_t first = kNone;
  for (std::size_t i = h; i < b; ++i) {
    if (tok[i].directive >= 0) continue;
    if (first == kNone) first = i;
    if (IsIdent(tok[i], "namespace")) return ScopeKind::kNamespace;
    if (IsIdent(tok[i], "template") && i + 1 < b && IsPunct(tok[i + 1], "<")) {
      const std::size_t close = MatchAngleForward(ts, i + 1, b);
      if (close != kNone) i = close;
      continue;
    }
    if (IsIdent(tok[i], "class") || IsIdent(tok[i], "struct") || IsIdent(tok[i], "union") || IsIdent(tok[i], "enum"))
      class_key = true;
  }
  // A linkage block, `extern "C" {`: the brace right after the string. `extern "C" __global__ void
  // k() {` opens a function body, whose __shared__ declarations are per block, not namespace-scope.
  if (first != kNone && IsIdent(tok[first], "extern") && first + 1 < b && tok[first + 1].kind == TokenKind::kString) {
    std::size_t next = first + 2;
    while (next < b && tok[next].directive >= 0) ++next;
    if (next == b) return ScopeKind::kNamespace;
  }
  std::size_t prev = b;
  while (prev > 0 && tok[prev - 1].directive >= 0) --prev;
  if (prev == 0) return ScopeKind::kInitializer;
  const Token& p = tok[prev - 1];
  if (IsPunct(p, "=") || IsPunct(p, ",") || IsPunct(p, "(") || IsPunct(p, "[") || IsPunct(p, "{") ||
      IsIdent(p, "return")) {
    return ScopeKind::kInitializer;
  }
  if (class_key && !IsPunct(p, ")")) return ScopeKind::kClass;
  return ScopeKind::kFunction;
}

}  // namespace

std::vector<ScopeKind> ClassifyScopes(const TokenStream& ts) {
  std::vector<ScopeKind> kinds(ts.tokens.size(), ScopeKind::kNamespace);
  std::vector<ScopeKind> stack;
  int function_depth = 0;
  for (std::size_t i = 0; i < ts.tokens.size(); ++i) {
    const Token& t = ts.tokens[i];
    if (t.directive >= 0) {
      kinds[i] = ScopeKind::kFunction;
      continue;
    }
    kinds[i] = stack.empty() ? ScopeKind::kNamespace : function_depth > 0 ? ScopeKind::kFunction : stack.back();
    if (IsPunct(t, "{")) {
      const ScopeKind k = function_depth > 0 ? ScopeKind::kFunction : ClassifyBrace(ts, i);
      stack.push_back(k);
      function_depth += k == ScopeKind::kFunction;
    } else if (IsPunct(t, "}") && !stack.empty()) {
      function_depth -= stack.back() == ScopeKind::kFunction;
      stack.pop_back();
    }
  }
  return kinds;
}

}  // namespace warpsafe::frontend
