// Where a kernel's declaration puts its parameter list and, for a definition, its body: what the
// rewriters that add code at the top of every kernel body need (grid_constant_parameters,
// kernel_parameter_layouts).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "token_scan.h"
#include "tokenizer.h"

namespace warpsafe::frontend {

// Whether `t` marks a kernel: `__global__`, or one of the macros CCCL declares its kernels with
// (each expands to `__global__`, translate.cpp's prologue makes sure of it), so that a library's
// kernels get what a program's do.
bool IsKernelMarker(const Token& t);

struct KernelSignature {
  std::size_t open = kNone;   // the parameter list's `(`
  std::size_t close = kNone;  // its `)`
  std::size_t body = kNone;   // the body's `{`, or kNone for a declaration
};

// The signature of the declaration whose kernel marker is at `marker`: the parameter list is the
// first `(` after it that opens no attribute group (`__launch_bounds__(...)`, ...), and the body
// the `{` that follows the list before any `;`, `}` or `=`. `open` is kNone when there is none.
KernelSignature FindKernelSignature(const TokenStream& ts, std::size_t marker);

// Every kernel definition (a marker outside directives whose declaration has a body), in order:
// what the rewriters that edit kernel bodies walk.
std::vector<KernelSignature> KernelDefinitions(const TokenStream& ts);

}  // namespace warpsafe::frontend
