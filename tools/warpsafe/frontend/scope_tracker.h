// Which kind of scope each `{` opens, so that a `__shared__` declaration is known to be at
// function scope (a reference into the block's shared memory) or at namespace scope (a proxy
// object). A lexical heuristic: it only has to be right about "inside some function body or not".
#pragma once

#include <vector>

#include "tokenizer.h"

namespace warpsafe::frontend {

enum class ScopeKind { kNamespace, kClass, kFunction, kInitializer };

// For every token, the kind of the innermost scope it is in (kNamespace at file level). Tokens of
// directives get kFunction: a #define body is used at function scope in practice.
std::vector<ScopeKind> ClassifyScopes(const TokenStream& ts);

}  // namespace warpsafe::frontend
