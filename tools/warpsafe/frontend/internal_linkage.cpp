#include "internal_linkage.h"

#include <set>
#include <string>

#include "device_variables.h"
#include "scope_tracker.h"
#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

bool IsSpaceQualifier(const Token& t) {
  return IsIdent(t, "__global__") || IsIdent(t, "__device__") || IsIdent(t, "__constant__") ||
         IsIdent(t, "__managed__");
}

// The first token of the declaration holding the qualifier at `q`: back over decl-specifiers,
// attribute groups and a template header, to the end of the previous declaration.
std::size_t DeclarationStart(const TokenStream& ts, std::size_t q) {
  const auto& tok = ts.tokens;
  std::size_t i = q;
  while (i > 0) {
    const Token& t = tok[i - 1];
    if (t.directive != tok[q].directive) break;
    if (t.kind == TokenKind::kIdentifier || t.kind == TokenKind::kString) {
      --i;
    } else if (IsPunct(t, ")") || IsPunct(t, "]")) {
      const std::size_t open = MatchBackward(ts, i - 1);
      if (open == kNone) break;
      i = open;
    } else if (IsPunct(t, ">")) {
      const std::size_t open = MatchAngleBackward(ts, i - 1);
      if (open == kNone || open == 0 || !IsIdent(tok[open - 1], "template")) break;
      i = open - 1;
    } else if (IsPunct(t, "::")) {
      --i;
    } else {
      break;
    }
  }
  return i;
}

// The parameter list's `(` of the function declared from the qualifier at `q` (the first `(` that
// is not an attribute's), or kNone.
std::size_t ParameterList(const TokenStream& ts, std::size_t q) {
  const auto& tok = ts.tokens;
  for (std::size_t i = q + 1; i < tok.size() && tok[i].directive == tok[q].directive; ++i) {
    const bool attribute = IsIdent(tok[i], "__launch_bounds__") || IsIdent(tok[i], "__attribute__") ||
                           IsIdent(tok[i], "alignas") || IsIdent(tok[i], "__align__") ||
                           IsIdent(tok[i], "__declspec") || IsIdent(tok[i], "__maxnreg__") ||
                           IsIdent(tok[i], "__cluster_dims__");
    if (attribute && i + 1 < tok.size() && IsPunct(tok[i + 1], "(")) {
      i = MatchForward(ts, i + 1);
      if (i == kNone) return kNone;
    } else if (IsPunct(tok[i], "(")) {
      return i;
    } else if (IsPunct(tok[i], ";") || IsPunct(tok[i], "{")) {
      return kNone;
    }
  }
  return kNone;
}

// The name declared by the function whose parameter list opens at `open`: `k` in `k(` and `k<T>(`.
std::string FunctionName(const TokenStream& ts, std::size_t open) {
  std::size_t n = open - 1;
  if (IsPunct(ts.tokens[n], ">")) {
    const std::size_t lt = MatchAngleBackward(ts, n);
    if (lt == kNone || lt == 0) return "";
    n = lt - 1;
  }
  return ts.tokens[n].kind == TokenKind::kIdentifier ? std::string(ts.tokens[n].text) : "";
}

// The last token of a kernel's declaration whose parameter list opens at `open`: the `;`, or the
// `}` closing its body.
std::size_t KernelDeclarationEnd(const TokenStream& ts, std::size_t open) {
  const auto& tok = ts.tokens;
  const std::size_t close = MatchForward(ts, open);
  if (close == kNone) return kNone;
  for (std::size_t i = close + 1; i < tok.size() && tok[i].directive == tok[open].directive; ++i) {
    if (IsPunct(tok[i], ";")) return i;
    if (IsPunct(tok[i], "{")) return MatchForward(ts, i);
    if (IsPunct(tok[i], "}") || IsPunct(tok[i], "=")) return kNone;
    if (IsPunct(tok[i], "(") || IsPunct(tok[i], "[")) {
      i = MatchForward(ts, i);
      if (i == kNone) return kNone;
    }
  }
  return kNone;
}

// The `;` ending the variable declaration that holds the qualifier at `q` (brackets, braced
// initializers included, skipped whole).
std::size_t VariableDeclarationEnd(const TokenStream& ts, std::size_t q) {
  const auto& tok = ts.tokens;
  for (std::size_t i = q + 1; i < tok.size() && tok[i].directive == tok[q].directive; ++i) {
    if (IsPunct(tok[i], ";")) return i;
    if (IsPunct(tok[i], "}")) return kNone;
    if (IsPunct(tok[i], "(") || IsPunct(tok[i], "[") || IsPunct(tok[i], "{")) {
      i = MatchForward(ts, i);
      if (i == kNone) return kNone;
    }
  }
  return kNone;
}

struct Declaration {
  std::size_t first = kNone;
  std::size_t last = kNone;
  std::size_t specifiers_end = kNone;  // the kernel's parameter list, or `last`
  std::string kernel;                  // the kernel's name; empty for a variable
  bool is_static = false;
};

}  // namespace

std::vector<Edit> GiveInternalEntitiesUnitNames(const TokenStream& ts, std::string_view unit) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  // Cheap exit: most units have neither an unnamed namespace nor `static` next to a qualifier.
  bool any = false;
  for (std::size_t i = 0; i < tok.size() && !any; ++i) any = IsIdent(tok[i], "static") || IsIdent(tok[i], "namespace");
  if (!any) return edits;
  const std::string ns = "warpsafe_internal_" + std::string(unit);

  // Unnamed namespaces: all of them, whatever they hold. A type of one (a functor handed to
  // thrust::transform) makes a library's kernel template instantiated with it internal too, and
  // that kernel is not declared here to be seen.
  std::vector<std::size_t> unnamed;
  for (std::size_t i = 0; i + 1 < tok.size(); ++i) {
    if (tok[i].directive >= 0 || !IsIdent(tok[i], "namespace") || !IsPunct(tok[i + 1], "{")) continue;
    unnamed.push_back(i);
  }
  if (!unnamed.empty()) {
    for (std::size_t i : unnamed) {
      const bool is_inline = i > 0 && IsIdent(tok[i - 1], "inline");
      edits.push_back(Edit{tok[i].begin, tok[i + 1].end,
                           is_inline ? "namespace " + ns + " {"
                                     : "namespace " + ns + " {} using namespace " + ns + "; namespace " + ns + " {",
                           false});
    }
  }

  // Namespace-scope declarations of kernels and variables; which of them say `static`.
  std::vector<Declaration> decls;
  std::set<std::string> static_kernels;
  std::vector<ScopeKind> scopes;
  for (std::size_t q = 0; q < tok.size(); ++q) {
    if (tok[q].directive >= 0 || !IsSpaceQualifier(tok[q])) continue;
    if (scopes.empty()) scopes = ClassifyScopes(ts);
    if (scopes[q] != ScopeKind::kNamespace) continue;
    Declaration d;
    d.first = DeclarationStart(ts, q);
    if (IsIdent(tok[q], "__global__")) {
      const std::size_t open = ParameterList(ts, q);
      if (open == kNone || open == 0) continue;
      d.kernel = FunctionName(ts, open);
      if (d.kernel.empty()) continue;
      d.last = KernelDeclarationEnd(ts, open);
      d.specifiers_end = open;
    } else {
      if (IsIdent(tok[q], "__device__") && !DeclaresDeviceVariable(ts, q)) continue;
      d.last = VariableDeclarationEnd(ts, q);
      d.specifiers_end = d.last;
    }
    if (d.last == kNone) continue;
    for (std::size_t j = d.first; j < d.specifiers_end && !d.is_static; ++j) d.is_static = IsIdent(tok[j], "static");
    if (d.is_static && !d.kernel.empty()) static_kernels.insert(d.kernel);
    if (!decls.empty() && decls.back().first == d.first) continue;  // `__device__ __constant__ int x;`
    decls.push_back(d);
  }
  for (const Declaration& d : decls) {
    if (!(d.is_static || (!d.kernel.empty() && static_kernels.count(d.kernel) != 0))) continue;
    bool opened = false;
    for (std::size_t j = d.first; j < d.specifiers_end; ++j) {
      if (!IsIdent(tok[j], "static")) continue;
      // `static` goes: the namespace's name gives the unit its own entity instead.
      edits.push_back(Edit{tok[j].begin, tok[j].end, j == d.first ? "namespace " + ns + " {" : "", false});
      opened = opened || j == d.first;
    }
    if (!opened) edits.push_back(Edit{tok[d.first].begin, tok[d.first].begin, "namespace " + ns + " { ", false});
    edits.push_back(Edit{tok[d.last].end, tok[d.last].end, " } using namespace " + ns + ";", false});
  }
  return edits;
}

}  // namespace warpsafe::frontend
