#include "host_kernel_bodies.h"

#include "kernel_signature.h"
#include "token_scan.h"

namespace warpsafe::frontend {

std::vector<Edit> WrapKernelBodies(const TokenStream& ts) {
  std::vector<Edit> edits;
  const auto& tok = ts.tokens;
  for (const KernelSignature& sig : KernelDefinitions(ts)) {
    const std::size_t close = MatchAcrossConditionals(ts, sig.body);
    if (close == kNone) continue;
    // An empty body has nothing to leave out.
    if (sig.body + 1 == close) continue;
    // On the lines of the braces, so that the statements keep their lines, and those below the `{`
    // their columns. The layout record replaces the `{` (it stays before the macro: the host pass
    // needs it), and insertions right after the `{` apply in the order the rewriters ran
    // (ApplyEdits): a kernel's __grid_constant__ marks stay before the macro too (harmless in a
    // host copy, which never runs).
    edits.push_back(Edit{tok[sig.body].end, tok[sig.body].end, " WARPSAFE_KERNEL_BODY_BEGIN ", false});
    edits.push_back(Edit{tok[close].begin, tok[close].begin, " WARPSAFE_KERNEL_BODY_END ", false});
  }
  return edits;
}

}  // namespace warpsafe::frontend
