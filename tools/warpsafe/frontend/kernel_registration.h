// Makes every kernel the translation unit defines launchable by its address alone. A GPU program
// may name a kernel as `(void*)kernel` (cudaKernelNodeParams::func, cudaLaunchKernel's C form, the
// occupancy and attribute queries): the GPU finds the parameters from the address, but a CPU build
// needs the kernel's typed form to read its arguments. After each `__global__` definition that
// KernelIndex finds unambiguous (one non-template kernel of that name) the front end appends, on the
// same line, a static object whose initializer registers the kernel's typed form with the runtime
// (runtime::RegisterKernel), so the address is known before main runs. Templates are registered when
// a program names an instantiation typed (runtime_templates.h); overloaded names are left alone.
#pragma once

#include <vector>

#include "kernel_index.h"
#include "kernel_type_aliases.h"
#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> RegisterKernels(const TokenStream& ts, const KernelIndex& kernels, const KernelTypeAliases& types);

}  // namespace warpsafe::frontend
