// Rewrites `__shared__` declarations, which the engine has no keyword for (keywords.h leaves
// `__shared__` undefined so that unrewritten code fails to compile).
//
// At function scope each declarator becomes a reference into the block's shared memory:
//   __shared__ T x[N];          ->  T (&x)[N] = *static_cast<T (*)[N]>(::warpsafe::engine::StaticShared(
//                                     ::warpsafe::engine::StaticSharedKey<sizeof(T [N]), alignof(T [N])>([]{}),
//                                     sizeof(T [N]), alignof(T [N])));
//                                   static_assert(sizeof(T [N]) <= 48 * 1024, "...");   (same line)
//   extern __shared__ T x[];    ->  T (&x)[] = *static_cast<T (*)[]>(::warpsafe::engine::DynamicShared());
// The lambda's type gives each declaration, and each template instantiation of it, its own key,
// which registers itself when the program starts: the block's layout is fixed before it runs.
// At namespace scope each declarator becomes a proxy object of engine/include/warpsafe/engine/
// shared_proxy.h: `SharedVariable<T [N]>` or `DynamicSharedArray<T>`.
// Explicit alignment (__align__, alignas, __attribute__((aligned))) raises ALIGN. A declaration
// the rewriter cannot read (an initializer, a parenthesised declarator, class scope) is left as
// it is, so the compiler rejects it at its line.
#pragma once

#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> RewriteShared(const TokenStream& ts);

}  // namespace warpsafe::frontend
