#include "grid_constant_parameters.h"

#include <string>

#include "token_scan.h"

namespace warpsafe::frontend {

std::vector<Edit> MarkGridConstantParameters(const TokenStream& ts) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  bool any = false;
  for (std::size_t i = 0; i < tok.size() && !any; ++i) any = IsIdent(tok[i], "__grid_constant__");
  if (!any) return edits;
  for (std::size_t g = 0; g < tok.size(); ++g) {
    if (tok[g].directive >= 0 || !IsIdent(tok[g], "__global__")) continue;
    // The parameter list: the first `(` after the name, past attribute groups.
    std::size_t open = kNone;
    for (std::size_t i = g + 1; i < tok.size() && tok[i].directive < 0; ++i) {
      if (IsPunct(tok[i], "(")) {
        if (i > 0 && tok[i - 1].kind == TokenKind::kIdentifier &&
            (IsIdent(tok[i - 1], "__launch_bounds__") || IsIdent(tok[i - 1], "__attribute__") ||
             IsIdent(tok[i - 1], "alignas") || IsIdent(tok[i - 1], "__align__") || IsIdent(tok[i - 1], "__maxnreg__") ||
             IsIdent(tok[i - 1], "__cluster_dims__") || IsIdent(tok[i - 1], "__declspec"))) {
          i = MatchForward(ts, i);
          if (i == kNone) break;
          continue;
        }
        open = i;
        break;
      }
      if (IsPunct(tok[i], ";") || IsPunct(tok[i], "{")) break;
    }
    if (open == kNone) continue;
    const std::size_t close = MatchForward(ts, open);
    if (close == kNone) continue;
    std::string marks;
    int n = 0;
    for (auto [b, e] : SplitTopLevel(ts, open + 1, close)) {
      bool grid_constant = false;
      for (std::size_t i = b; i < e; ++i) {
        if (IsPunct(tok[i], "=")) e = i;
        grid_constant = grid_constant || IsIdent(tok[i], "__grid_constant__");
      }
      // The parameter's name: its last token, when that is an identifier that is not the type's.
      if (!grid_constant || e - b < 2 || tok[e - 1].kind != TokenKind::kIdentifier) continue;
      const std::string name(tok[e - 1].text);
      marks += " ::warpsafe::engine::GridConstantParameter warpsafe_grid_constant_" + std::to_string(n++) +
               "(__builtin_addressof(" + name + "), sizeof(" + name + "));";
    }
    if (marks.empty()) continue;
    // A definition: its body's `{` follows the parameter list before any `;`.
    for (std::size_t i = close + 1; i < tok.size() && tok[i].directive < 0; ++i) {
      if (IsPunct(tok[i], "{")) {
        edits.push_back(Edit{tok[i].end, tok[i].end, marks, false});
        g = i;
        break;
      }
      if (IsPunct(tok[i], ";") || IsPunct(tok[i], "}") || IsPunct(tok[i], "=")) break;
      if (IsPunct(tok[i], "(") || IsPunct(tok[i], "[")) {
        i = MatchForward(ts, i);
        if (i == kNone) break;
      }
    }
  }
  return edits;
}

}  // namespace warpsafe::frontend
