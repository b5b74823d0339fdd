#include "kernel_pointer_casts.h"

#include <string_view>

#include "token_scan.h"

namespace warpsafe::frontend {
namespace {

bool IsLaunchFunction(const Token& t) {
  return t.kind == TokenKind::kIdentifier &&
         (t.text == "cudaLaunchCooperativeKernel" || t.text == "cudaLaunchKernel");
}

bool IsIdentifier(const Token& t, std::string_view text) {
  return t.kind == TokenKind::kIdentifier && t.text == text;
}

}  // namespace

std::vector<Edit> RewriteKernelPointerCasts(const TokenStream& ts, const KernelIndex& kernels) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  for (std::size_t i = 0; i + 5 < tok.size(); ++i) {
    if (!IsLaunchFunction(tok[i]) || !IsPunct(tok[i + 1], "(") || !IsPunct(tok[i + 2], "(")) continue;
    // `( [const] void * )` then the kernel's name, then `,`.
    std::size_t k = i + 3;
    if (IsIdentifier(tok[k], "const")) ++k;
    if (k + 3 >= tok.size() || !IsIdentifier(tok[k], "void") || !IsPunct(tok[k + 1], "*") ||
        !IsPunct(tok[k + 2], ")")) {
      continue;
    }
    const Token& name = tok[k + 3];
    if (name.kind != TokenKind::kIdentifier || k + 4 >= tok.size() || !IsPunct(tok[k + 4], ",")) continue;
    if (!kernels.IsUniqueNonTemplate(std::string(name.text))) continue;
    const int segment = tok[i].directive;
    edits.push_back(Edit{tok[i + 2].begin, name.begin, "", segment >= 0});
    i = k + 4;
  }
  return edits;
}

}  // namespace warpsafe::frontend
