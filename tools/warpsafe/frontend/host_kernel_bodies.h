// Kernel bodies that the host pass parses but never instantiates (docs/architecture.md, "Two
// passes").
//
// nvcc's host compile never sees a kernel's code: its front end puts a launch stub in place of
// each body. The engine's host pass compiles the same translated text as the device pass, and
// the join keeps the device pass's kernels, so the host pass's kernel bodies are code that never
// runs. Compiled anyway, they instantiated every template a kernel reaches a second time (half of
// the compile of a file of CUB or Thrust kernels), and a kernel template whose code names what
// only the device pass declares (a helper under `#ifdef __CUDA_ARCH__`, reached through a
// dependent call) did not compile at all, where nvcc compiles it.
//
// The front end therefore wraps the statements of every kernel definition's body in two macros of
// keywords.h, on the lines of its braces (the statements keep their lines, and those below the `{`
// their columns, which reports name):
//
//   { WARPSAFE_KERNEL_BODY_BEGIN statements... WARPSAFE_KERNEL_BODY_END }
//
// which are empty except in a host pass that has a device pass beside it, where they make the
// statements the discarded branch of an `if constexpr` whose condition depends on a kernel
// template's arguments: parsed, but never instantiated, so nothing the statements reach is
// instantiated either. What the front end puts at the top of a body for the host pass too (the
// parameter layout record) stays before the macro. A body whose end cannot be found across its
// conditionals is left whole.
#pragma once

#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> WrapKernelBodies(const TokenStream& ts);

}  // namespace warpsafe::frontend
