// Marks the `__device__` declarations that declare variables. nvcc's two passes are joined by
// symbol (docs/architecture.md, "Two passes"): a device variable must be one object for both, so
// the device pass marks it (hidden visibility). `__device__` itself cannot carry the mark, because
// it also qualifies functions and deduction guides, and a deduction guide takes no attribute
// (`__host__ __device__ tuple(T...) -> tuple<T...>;` in libcu++). So the front end tells them
// apart: a `__device__` whose declaration reaches `;`, `=`, `[`, `{` or `,` before a parameter
// list declares a variable, and gets `WARPSAFE_DEVICE_VARIABLE` after it (keywords.h). A function
// taken for a variable is harmless (its symbol is renamed either way); a `__device__` inside a
// macro whose body ends before telling (`#define DEVICE __device__`) is left unmarked.
#pragma once

#include <vector>

#include "source_edit.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

std::vector<Edit> MarkDeviceVariables(const TokenStream& ts);

}  // namespace warpsafe::frontend
