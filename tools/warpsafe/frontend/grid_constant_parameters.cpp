#include "grid_constant_parameters.h"

#include <string>

#include "kernel_signature.h"
#include "token_scan.h"

namespace warpsafe::frontend {

std::vector<Edit> MarkGridConstantParameters(const TokenStream& ts) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  bool any = false;
  for (std::size_t i = 0; i < tok.size() && !any; ++i) any = IsIdent(tok[i], "__grid_constant__");
  if (!any) return edits;
  for (const KernelSignature& sig : KernelDefinitions(ts)) {
    std::string marks;
    int n = 0;
    for (auto [b, e] : SplitTopLevel(ts, sig.open + 1, sig.close)) {
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
    edits.push_back(Edit{tok[sig.body].end, tok[sig.body].end, marks, false});
  }
  return edits;
}

}  // namespace warpsafe::frontend
