#include "kernel_registration.h"

#include <string>

#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

bool IsAttributeIntroducer(const Token& t) {
  return IsIdent(t, "__launch_bounds__") || IsIdent(t, "__attribute__") || IsIdent(t, "alignas") ||
         IsIdent(t, "__align__") || IsIdent(t, "__declspec") || IsIdent(t, "__maxnreg__") ||
         IsIdent(t, "__cluster_dims__");
}

// The kernel's name as written at its definition, qualification included (`ns::k` for a definition
// outside its namespace), from the identifier at `name` backwards over `ident ::` pairs.
std::string QualifiedName(const TokenStream& ts, std::size_t name) {
  std::string out(ts.tokens[name].text);
  std::size_t i = name;
  while (i >= 2 && IsPunct(ts.tokens[i - 1], "::") && ts.tokens[i - 2].kind == TokenKind::kIdentifier) {
    out = std::string(ts.tokens[i - 2].text) + "::" + out;
    i -= 2;
  }
  if (i >= 1 && IsPunct(ts.tokens[i - 1], "::")) out = "::" + out;
  return out;
}

}  // namespace

std::vector<Edit> RegisterKernels(const TokenStream& ts, const KernelIndex& kernels, const KernelTypeAliases& types) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  for (std::size_t g = 0; g < tok.size(); ++g) {
    if (tok[g].directive >= 0 || !IsIdent(tok[g], "__global__")) continue;
    // The parameter list: the first `(` that is not an attribute's, as KernelIndex reads it.
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
    if (!kernels.IsUniqueNonTemplate(name)) continue;
    const std::size_t close = MatchForward(ts, open);
    if (close == kNone) continue;
    // A definition: the body's `{` follows the parameter list (after trailing specifiers such as
    // `noexcept` or attributes) before any `;`. A declaration is not registered: the kernel may be
    // defined in no file of the program.
    std::size_t body = kNone;
    for (std::size_t i = close + 1; i < tok.size() && tok[i].directive < 0; ++i) {
      if (IsPunct(tok[i], "{")) {
        body = i;
        break;
      }
      if (IsPunct(tok[i], ";") || IsPunct(tok[i], "}") || IsPunct(tok[i], "=")) break;
      if (IsPunct(tok[i], "(") || IsPunct(tok[i], "[")) {
        i = MatchForward(ts, i);
        if (i == kNone) break;
      }
    }
    if (body == kNone) continue;
    // The body may hold conditional directives (`#ifdef COLUMN ... #else ... #endif`): its end is
    // matched as the first branch of each reads it.
    const std::size_t end = MatchAcrossConditionals(ts, body);
    if (end == kNone) continue;
    const std::string qualified = QualifiedName(ts, open - 1);
    const std::string text = " [[maybe_unused]] static const void* const warpsafe_kernel_registration_" +
                             std::to_string(g) + " = ::warpsafe::engine::runtime::RegisterKernel(" +
                             types.AddressOf(qualified, name, tok[g].begin) + ", \"" + qualified + "\");";
    edits.push_back(Edit{tok[end].end, tok[end].end, text, false});
    g = end;
  }
  return edits;
}

}  // namespace warpsafe::frontend
