// `__grid_constant__` kernel parameters, made known to the engine for the kernel's run.
//
// On a GPU a `const __grid_constant__` parameter stays in the parameter state space: every thread
// of the grid reads the same read-only object, and its address is a parameter-space address
// (`__isGridConstant(&p)` is 1, `__isLocal(&p)` 0). On the engine each GPU thread calls the kernel
// with its own copy of the parameters, on its own stack, so the front end tells the engine which
// stack bytes are such a parameter: the body of every kernel definition with a named
// `__grid_constant__` parameter starts, on its first line, with one object per such parameter,
//
//   ::warpsafe::engine::GridConstantParameter warpsafe_grid_constant_0(__builtin_addressof(p), sizeof(p));
//
// which marks the bytes as the calling thread's view of the parameter until the kernel returns
// (engine/include/warpsafe/engine/address_space.h).
#pragma once

#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> MarkGridConstantParameters(const TokenStream& ts);

}  // namespace warpsafe::frontend
