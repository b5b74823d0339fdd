#include "device_variables.h"

#include "token_scan.h"

namespace warpsafe::frontend {

namespace {

enum class Kind { kVariable, kFunction, kUnknown };

// Reads forward from the qualifier at `q` to the first token that decides.
Kind Classify(const TokenStream& ts, std::size_t q) {
  const auto& tok = ts.tokens;
  const int segment = tok[q].directive;
  for (std::size_t j = q + 1; j < tok.size() && tok[j].directive == segment; ++j) {
    const Token& t = tok[j];
    const bool attribute_group = j + 1 < tok.size() && IsPunct(tok[j + 1], "(") &&
                                 (IsIdent(t, "__attribute__") || IsIdent(t, "alignas") || IsIdent(t, "__align__") ||
                                  IsIdent(t, "decltype") || IsIdent(t, "__launch_bounds__") ||
                                  IsIdent(t, "__declspec"));
    if (attribute_group) {
      j = MatchForward(ts, j + 1);
      if (j == kNone) return Kind::kUnknown;
      continue;
    }
    if (IsPunct(t, "[") && j + 1 < tok.size() && IsPunct(tok[j + 1], "[")) {  // [[attribute]]
      j = MatchForward(ts, j);
      if (j == kNone) return Kind::kUnknown;
      continue;
    }
    if (LooksLikeTemplateOpen(ts, j)) {
      const std::size_t close = MatchAngleForward(ts, j, tok.size());
      if (close == kNone) return Kind::kUnknown;
      j = close;
      continue;
    }
    if (IsPunct(t, "(")) {
      // `void (*handler)(int)`: a pointer to a function is a variable.
      if (j + 1 < tok.size() && (IsPunct(tok[j + 1], "*") || IsPunct(tok[j + 1], "&"))) return Kind::kVariable;
      return Kind::kFunction;
    }
    if (IsPunct(t, ";") || IsPunct(t, "=") || IsPunct(t, "[") || IsPunct(t, "{") || IsPunct(t, ","))
      return Kind::kVariable;
    if (IsPunct(t, "}") || IsPunct(t, ")")) return Kind::kUnknown;
  }
  return Kind::kUnknown;
}

}  // namespace

std::vector<Edit> MarkDeviceVariables(const TokenStream& ts) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  for (std::size_t i = 0; i < tok.size(); ++i) {
    if (!IsIdent(tok[i], "__device__")) continue;
    // In a directive only a #define body can declare anything (`#ifdef __device__` cannot).
    if (tok[i].directive >= 0 && ts.directives[static_cast<std::size_t>(tok[i].directive)].name != "define") continue;
    if (Classify(ts, i) != Kind::kVariable) continue;
    edits.push_back(Edit{tok[i].begin, tok[i].end, "__device__ WARPSAFE_DEVICE_VARIABLE", tok[i].directive >= 0});
  }
  return edits;
}

}  // namespace warpsafe::frontend
