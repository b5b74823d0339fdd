#include "kernel_signature.h"

namespace warpsafe::frontend {

bool IsKernelMarker(const Token& t) {
  return IsIdent(t, "__global__") || IsIdent(t, "CCCL_DETAIL_KERNEL_ATTRIBUTES") ||
         IsIdent(t, "CUB_DETAIL_KERNEL_ATTRIBUTES") || IsIdent(t, "THRUST_DETAIL_KERNEL_ATTRIBUTES");
}

KernelSignature FindKernelSignature(const TokenStream& ts, std::size_t marker) {
  const auto& tok = ts.tokens;
  KernelSignature s;
  for (std::size_t i = marker + 1; i < tok.size() && tok[i].directive < 0; ++i) {
    if (IsPunct(tok[i], "(")) {
      if (tok[i - 1].kind == TokenKind::kIdentifier &&
          (IsIdent(tok[i - 1], "__launch_bounds__") || IsIdent(tok[i - 1], "__attribute__") ||
           IsIdent(tok[i - 1], "alignas") || IsIdent(tok[i - 1], "__align__") || IsIdent(tok[i - 1], "__maxnreg__") ||
           IsIdent(tok[i - 1], "__cluster_dims__") || IsIdent(tok[i - 1], "__declspec"))) {
        i = MatchForward(ts, i);
        if (i == kNone) return s;
        continue;
      }
      s.open = i;
      break;
    }
    if (IsPunct(tok[i], ";") || IsPunct(tok[i], "{")) return s;
  }
  if (s.open == kNone) return s;
  s.close = MatchForward(ts, s.open);
  if (s.close == kNone) {
    s.open = kNone;
    return s;
  }
  for (std::size_t i = s.close + 1; i < tok.size() && tok[i].directive < 0; ++i) {
    if (IsPunct(tok[i], "{")) {
      s.body = i;
      break;
    }
    if (IsPunct(tok[i], ";") || IsPunct(tok[i], "}") || IsPunct(tok[i], "=")) break;
    if (IsPunct(tok[i], "(") || IsPunct(tok[i], "[")) {
      i = MatchForward(ts, i);
      if (i == kNone) break;
    }
  }
  return s;
}

std::vector<KernelSignature> KernelDefinitions(const TokenStream& ts) {
  std::vector<KernelSignature> definitions;
  const auto& tok = ts.tokens;
  for (std::size_t g = 0; g < tok.size(); ++g) {
    if (tok[g].directive >= 0 || !IsKernelMarker(tok[g])) continue;
    const KernelSignature sig = FindKernelSignature(ts, g);
    if (sig.body == kNone) continue;
    definitions.push_back(sig);
    g = sig.body;
  }
  return definitions;
}

}  // namespace warpsafe::frontend
