#include "kernel_index.h"

#include <algorithm>

#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

bool IsAttributeIntroducer(const Token& t) {
  return IsIdent(t, "__launch_bounds__") || IsIdent(t, "__attribute__") || IsIdent(t, "alignas") ||
         IsIdent(t, "__align__") || IsIdent(t, "__declspec") || IsIdent(t, "__maxnreg__") ||
         IsIdent(t, "__cluster_dims__");
}

// The `template<...>` header in front of the declaration containing the `__global__` at `g`, as the
// index of its `<`, or kNone. Walks back over decl-specifiers and attributes.
std::size_t TemplateHeader(const TokenStream& ts, std::size_t g) {
  std::size_t i = g;
  while (i > 0) {
    const Token& t = ts.tokens[i - 1];
    if (t.directive != ts.tokens[g].directive) return kNone;
    if (t.kind == TokenKind::kIdentifier || t.kind == TokenKind::kString) {
      if (IsIdent(t, "template")) return kNone;
      --i;
    } else if (IsPunct(t, ")") || IsPunct(t, "]")) {
      const std::size_t open = MatchBackward(ts, i - 1);
      if (open == kNone) return kNone;
      i = open;
    } else if (IsPunct(t, ">")) {
      const std::size_t open = MatchAngleBackward(ts, i - 1);
      if (open == kNone || open == 0 || !IsIdent(ts.tokens[open - 1], "template")) return kNone;
      return open;
    } else {
      return kNone;
    }
  }
  return kNone;
}

// A parameter list with the names and default arguments dropped, so that a declaration and its
// definition compare equal. Imperfect on purpose in the safe direction: when in doubt two lists
// differ, which only makes the key null.
std::string NormalizeParams(const TokenStream& ts, std::size_t open, std::size_t close) {
  std::string out;
  for (auto [b, e] : SplitTopLevel(ts, open + 1, close)) {
    for (std::size_t i = b; i < e; ++i) {
      if (IsPunct(ts.tokens[i], "=")) {
        e = i;
        break;
      }
    }
    if (e - b > 1 && ts.tokens[e - 1].kind == TokenKind::kIdentifier) --e;
    out += FlattenTokens(ts, b, e);
    out += ',';
  }
  return out;
}

}  // namespace

KernelIndex KernelIndex::Build(const TokenStream& ts) {
  KernelIndex index;
  const auto& tok = ts.tokens;
  for (std::size_t g = 0; g < tok.size(); ++g) {
    if (tok[g].directive >= 0 || !IsIdent(tok[g], "__global__")) continue;
    // The name: the identifier before the first `(` that is not an attribute's.
    std::size_t open = kNone;
    for (std::size_t i = g + 1; i < tok.size() && tok[i].directive < 0; ++i) {
      if (IsAttributeIntroducer(tok[i]) && i + 1 < tok.size() && IsPunct(tok[i + 1], "(")) {
        i = MatchForward(ts, i + 1);
        if (i == kNone) break;
      } else if (IsPunct(tok[i], "(")) {
        open = i;
        break;
      } else if (IsPunct(tok[i], ";") || IsPunct(tok[i], "{")) {
        break;
      }
    }
    if (open == kNone || tok[open - 1].kind != TokenKind::kIdentifier) continue;
    const std::string name(tok[open - 1].text);
    const std::size_t close = MatchForward(ts, open);
    if (close == kNone) continue;
    const std::size_t header = TemplateHeader(ts, g);
    if (header == kNone) {
      index.plain_[name].insert(NormalizeParams(ts, open, close));
      continue;
    }
    index.templates_.insert(name);
    const std::size_t header_close = MatchAngleForward(ts, header, tok.size());
    if (header_close == kNone) {
      index.template_with_pack_.insert(name);  // unreadable: assume the worst
      continue;
    }
    int required = 0;
    for (auto [b, e] : SplitTopLevel(ts, header + 1, header_close)) {
      bool has_default = false;
      for (std::size_t i = b; i < e; ++i) {
        if (IsPunct(tok[i], "=")) has_default = true;
        if (IsPunct(tok[i], "...")) index.template_with_pack_.insert(name);
      }
      required += has_default ? 0 : 1;
    }
    index.template_required_[name] = std::max(index.template_required_[name], required);
  }
  return index;
}

bool KernelIndex::IsUniqueNonTemplate(const std::string& name) const {
  auto it = plain_.find(name);
  return it != plain_.end() && it->second.size() == 1 && templates_.count(name) == 0;
}

bool KernelIndex::ExplicitArgsSuffice(const std::string& name, int explicit_args) const {
  if (template_with_pack_.count(name)) return false;
  if (plain_.count(name) && templates_.count(name)) return false;  // overloaded with a non-template
  auto it = template_required_.find(name);
  return it == template_required_.end() || explicit_args >= it->second;
}

}  // namespace warpsafe::frontend
