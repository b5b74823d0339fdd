// Kernel instantiations with internal linkage: a kernel template instantiated with a type that has
// no linkage (the closure type of a lambda written in a function, `k<<<g, b>>>([] __device__ (int
// x) { ... })`, or a class local to a function) is itself internal, in both passes' objects, so the
// join (pass_join.h) cannot keep the device pass's copy by name as it keeps other kernels, and the
// host code would call its own copy, compiled without __CUDA_ARCH__.
//
// The device pass marks every kernel with a one-instruction patchable entry (keywords.h), which,
// unlike visibility, survives on internal instantiations: the object's
// __patchable_function_entries section lists each kernel's address. The host pass puts each
// function in a section of its own (-ffunction-sections), so every reference to its copy of such a
// kernel from elsewhere in the host object is a relocation against that section. Joining then:
// - in the device object, the marked local kernel symbol is made global under a name unique to its
//   translation unit (`name.kernel.<hash of the object's source file name>`);
// - in the host object of the same source file (the same STT_FILE name), every relocation against
//   the host copy's section, outside the copy itself and its unwind and exception tables, is
//   pointed at the copy's symbol, which is renamed the same way and made weak.
// The device objects come first on the link line, so the host code's calls and addresses reach the
// device pass's copy. The closure object the host constructs is passed to the device copy: both
// passes compile the same text, so its captures agree (unless an #ifdef __CUDA_ARCH__ inside the
// lambda changes what it captures, which parameter_layouts.h detects).
#pragma once

#include <string>
#include <vector>

namespace warpsafe::cli {

// Rewrites the objects in place (after JoinPasses' own renaming). Empty string on success, else
// what went wrong. `verbose` prints each objcopy command.
std::string JoinInternalKernels(const std::vector<std::string>& device_objects,
                                const std::vector<std::string>& host_objects, bool verbose);

}  // namespace warpsafe::cli
