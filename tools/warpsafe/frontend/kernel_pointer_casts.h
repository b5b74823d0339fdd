// Drops the `(void *)` cast from a kernel passed to the runtime's launch functions by address:
//
//   cudaLaunchCooperativeKernel((void *)kernel, grid, block, args, ...)   ->   (kernel, ...)
//   cudaLaunchKernel((const void*)kernel, ...)                             ->   (kernel, ...)
//
// A GPU launch finds the kernel's parameters from its address; a CPU build cannot call a function
// through `void *`, so the engine's launch functions take the kernel typed and read each parameter
// from `args` with its own type. The cast is dropped only when `kernel` names exactly one
// non-template kernel of the translation unit (KernelIndex); anything else is left alone and takes
// the untyped form, which finds the kernel by its address (kernel_registration.h). The edit keeps the
// line's place like every rewrite.
#pragma once

#include <vector>

#include "kernel_index.h"
#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> RewriteKernelPointerCasts(const TokenStream& ts, const KernelIndex& kernels);

}  // namespace warpsafe::frontend
