// Rewrites kernel launches `callee<<<grid, block[, smem[, stream]]>>>(args)` into calls of
// ::warpsafe::engine::LaunchWith (engine/include/warpsafe/engine/launch.h):
//
//   ::warpsafe::engine::LaunchWith(::warpsafe::engine::LaunchSpec{dim3(G), dim3(B),
//       (::std::size_t)(S), (void*)(ST), KEY, "CALLEE", ::warpsafe::engine::Site{__FILE__, __LINE__}},
//       [&](auto&... ws_a) { CALLEE(ws_a...); }, ARGS)
//
// all on the launch's first line. KEY is `(const void*)&CALLEE` when that names one function
// (explicit template arguments that need no deduction, or a unique non-template kernel of the
// TU), else nullptr. Launches inside #define bodies are rewritten too; there a callee that is a
// macro parameter is named with `#param`, and ARGS `__VA_ARGS__` becomes `, ##__VA_ARGS__`.
#pragma once

#include <vector>

#include "kernel_index.h"
#include "kernel_type_aliases.h"
#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> RewriteLaunches(const TokenStream& ts, const KernelIndex& kernels, const KernelTypeAliases& types);

}  // namespace warpsafe::frontend
