// Rewrites inline PTX, which the host compiler's assembler cannot take, into a call of the engine's
// PTX interpreter (engine/include/warpsafe/engine/ptx.h), on the same line:
//
//   asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
//     ->
//   ::warpsafe::engine::ptx::Asm(::warpsafe::engine::ptx::ProgramFor([]() { static
//       ::warpsafe::engine::ptx::SiteCache ws_c; return &ws_c; }(), "mov.u32 %0, %%laneid;",
//       ::warpsafe::engine::Site{__FILE__, __LINE__}), ::warpsafe::engine::Site{__FILE__, __LINE__},
//       ""_warpsafe_ptx_out "=r"(lane));
//
// The template's tokens are kept as written (adjacent literals, macros, `#param` in a #define), so the
// compiler builds the string after preprocessing; the lambda's static is the site's cache (one per
// asm site and template instantiation), where the engine keeps the template parsed once. The static
// is constant-initialized: a guarded one would be a lock that one lane can hold while another lane
// of the same OS thread waits for it. Only function-scope `asm`, `asm volatile`, `__asm__ __volatile__`
// statements are rewritten. An asm that is not PTX passes through unchanged: a register constraint
// outside nvcc's PTX classes (x86's "a", "m", ...), or a literal template that is empty or the x86
// spin hint `pause` (libcu++'s host threading code). Operands stay as written behind an empty
// literal with a suffix, which the compiler joins with the constraint into a call of an operand
// maker (engine/include/warpsafe/engine/ptx.h): a constraint built by a macro works too, and is
// then taken for PTX. A template with #if/#ifdef/#else/#endif between its literals (CUB 1.x) is
// left in place, directives and lines included, and the call built around it with
// `::warpsafe::engine::ptx::AsmAt(site, <cache>, <template>, operands...)`; a directive anywhere
// else in the statement leaves it as written. `asm goto`, named operands and "C" string operands are left as written (the
// host assembler then rejects them at their line).
#pragma once

#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> RewriteAsm(const TokenStream& ts);

}  // namespace warpsafe::frontend
