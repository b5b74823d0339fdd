// Every kernel definition names the layout record of its own parameter types, so that each pass
// that instantiates the kernel holds the record (docs/architecture.md, "Parameter layouts").
//
// A launch instantiates the record of its argument types in the object that compiles the launch.
// A library's launch is compiled in the host pass only (CCCL launches under NV_IS_HOST), so the
// device object held no record for a Thrust or CUB kernel, and a closure or functor laid out
// differently by the two passes went unseen. The front end therefore opens the body of every
// kernel definition (a `__global__`, or one of CCCL's kernel macros) with, on its first line, a
// constant that names the record (no code runs for it)
//
//   { [[gnu::used]] static const void* const warpsafe_parameter_layout =
//         ::warpsafe::engine::kKernelParameterLayoutOf<decltype(a), decltype(b), decltype(rest)...>;
//
// and the device pass's instantiation of the kernel holds the same record as the host pass's
// launch when the launch's argument types are the kernel's parameter types. An unnamed parameter
// contributes its type as written; a kernel with a parameter the rewriter cannot read as a type
// and a name (a function pointer, an array declarator) is left without the call, as before.
#pragma once

#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> RecordKernelParameterLayouts(const TokenStream& ts);

}  // namespace warpsafe::frontend
