// Marks the `__device__` declarations that declare variables. nvcc's two passes are joined by
// symbol (docs/architecture.md, "Two passes"): a device variable must be one object for both, so
// the device pass marks it (hidden visibility). `__device__` itself cannot carry the mark, because
// it also qualifies functions and deduction guides, and a deduction guide takes no attribute
// (`__host__ __device__ tuple(T...) -> tuple<T...>;` in libcu++). So the front end tells them
// apart: a `__device__` whose declaration reaches `;`, `=`, `[`, `{` or `,` before a parameter
// list declares a variable, and gets `WARPSAFE_DEVICE_VARIABLE` after it (keywords.h). A function
// taken for a variable is harmless (its symbol is renamed either way).
//
// A `__device__` inside a macro whose body ends before telling (`#define DEV __device__`,
// `#define DECLARE(T, n) __device__ T n`) is told where the macro is used: the invocation is
// expanded (arguments substituted, nested macros of the unit expanded) and the declaration is read
// on through the tokens after it. A variable gets the mark in front of the invocation
// (`WARPSAFE_DEVICE_VARIABLE DECLARE(int, hits);`), where a GNU attribute applies to the whole
// declaration. A macro whose expansion ends another declaration before its `__device__` cannot be
// marked from outside and stays unmarked.
#pragma once

#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> MarkDeviceVariables(const TokenStream& ts);

// Whether the `__device__` at `q` declares a variable, as far as its own segment tells.
bool DeclaresDeviceVariable(const TokenStream& ts, std::size_t q);

}  // namespace warpsafe::frontend
