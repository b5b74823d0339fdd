#include "kernel_type_aliases.h"

#include "scope_tracker.h"
#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

constexpr const char* kAliasPrefix = "warpsafe_kernel_type_";

bool IsAttributeIntroducer(const Token& t) {
  return IsIdent(t, "__launch_bounds__") || IsIdent(t, "__attribute__") || IsIdent(t, "alignas") ||
         IsIdent(t, "__align__") || IsIdent(t, "__declspec") || IsIdent(t, "__maxnreg__") ||
         IsIdent(t, "__cluster_dims__");
}

// The first token of the declaration holding the `__global__` at `g`: back over decl-specifiers,
// `extern "C"` and attribute groups.
std::size_t DeclarationStart(const TokenStream& ts, std::size_t g) {
  const auto& tok = ts.tokens;
  std::size_t i = g;
  while (i > 0) {
    const Token& t = tok[i - 1];
    if (t.directive >= 0) break;
    if (t.kind == TokenKind::kIdentifier || t.kind == TokenKind::kString) {
      --i;
    } else if (IsPunct(t, ")") || IsPunct(t, "]")) {
      const std::size_t open = MatchBackward(ts, i - 1);
      if (open == kNone) break;
      i = open;
    } else {
      break;
    }
  }
  return i;
}

// The named namespaces around each token, outermost first: `namespace a { namespace b::c {` gives
// {a, b, c}. Unnamed namespaces add no name (their members are found through the enclosing one);
// inline namespaces keep theirs (a qualified name through them is still valid).
struct NamespaceSpan {
  std::size_t open, close;
  std::vector<std::string> names;
};

std::vector<NamespaceSpan> NamespaceSpans(const TokenStream& ts) {
  const auto& tok = ts.tokens;
  std::vector<NamespaceSpan> spans;
  for (std::size_t i = 0; i < tok.size(); ++i) {
    if (tok[i].directive >= 0 || !IsIdent(tok[i], "namespace")) continue;
    std::vector<std::string> names;
    std::size_t j = i + 1;
    while (j < tok.size() && tok[j].directive < 0 && (tok[j].kind == TokenKind::kIdentifier || IsPunct(tok[j], "::"))) {
      if (tok[j].kind == TokenKind::kIdentifier && !IsIdent(tok[j], "inline")) names.emplace_back(tok[j].text);
      ++j;
    }
    if (j >= tok.size() || !IsPunct(tok[j], "{")) continue;  // an alias `namespace x = y;` or a using-directive
    const std::size_t close = MatchForward(ts, j);
    if (close == kNone) continue;
    spans.push_back(NamespaceSpan{j, close, std::move(names)});
  }
  return spans;
}

std::string NamespacePathAt(const std::vector<NamespaceSpan>& spans, std::size_t at) {
  std::string path;
  for (const NamespaceSpan& s : spans) {  // in source order, so outer spans come first
    if (s.open < at && at < s.close) {
      for (const std::string& n : s.names) path += n + "::";
    }
  }
  return path;
}

}  // namespace

KernelTypeAliases KernelTypeAliases::Build(const TokenStream& ts, const KernelIndex& kernels,
                                           std::vector<Edit>* edits) {
  KernelTypeAliases aliases;
  const auto& tok = ts.tokens;
  std::vector<ScopeKind> scopes;
  std::vector<NamespaceSpan> namespaces;
  bool namespaces_scanned = false;
  for (std::size_t g = 0; g < tok.size(); ++g) {
    if (tok[g].directive >= 0 || !IsIdent(tok[g], "__global__")) continue;
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
    if (open == kNone || open < 2 || tok[open - 1].kind != TokenKind::kIdentifier) continue;
    if (IsPunct(tok[open - 2], "::")) continue;  // `ns::k(...)`: its parameters name ns's types
    const std::string name(tok[open - 1].text);
    if (!kernels.IsUniqueNonTemplate(name)) continue;
    if (scopes.empty()) scopes = ClassifyScopes(ts);
    if (scopes[g] != ScopeKind::kNamespace) continue;
    const std::size_t close = MatchForward(ts, open);
    if (close == kNone) continue;
    std::string params;
    for (auto [b, e] : SplitTopLevel(ts, open + 1, close)) {
      for (std::size_t i = b; i < e; ++i) {
        if (IsPunct(tok[i], "=")) e = i;  // a default argument has no place in a type
      }
      if (!params.empty()) params += ", ";
      params += FlattenTokens(ts, b, e);
    }
    const std::size_t start = DeclarationStart(ts, g);
    edits->push_back(
        Edit{tok[start].begin, tok[start].begin, "using " + std::string(kAliasPrefix) + name + " = void(" + params + "); ",
             false});
    if (!namespaces_scanned) {
      namespaces = NamespaceSpans(ts);
      namespaces_scanned = true;
    }
    aliases.declared_at_.emplace(name, Declared{tok[start].begin, NamespacePathAt(namespaces, g)});
  }
  return aliases;
}

std::string KernelTypeAliases::AddressOf(const std::string& callee, const std::string& name, std::size_t offset) const {
  auto it = declared_at_.find(name);
  if (it == declared_at_.end() || it->second.offset > offset || callee.size() < name.size()) return "&" + callee;
  std::string qualifier = callee.substr(0, callee.size() - name.size());
  // An unqualified use may reach a kernel of another namespace through `using ns::k;` or a
  // using-directive, where the alias's own name is not in scope: name it from the global namespace.
  if (qualifier.empty() && !it->second.path.empty()) qualifier = " ::" + it->second.path;
  return "static_cast<" + qualifier + kAliasPrefix + name + "*>(&" + callee + ")";
}

}  // namespace warpsafe::frontend
