// The engine's half of <mma.h> (nvcuda::wmma): what needs the whole warp's fragments at once. The
// header (engine/include/mma.h) keeps each lane's fragment elements and does the loads, stores and
// conversions in the program's own code, so that `warpsafe check` sees them as the lane's accesses;
// the product of two fragments needs every lane's elements, which the engine gathers here.
//
// Element order: a fragment of an R x C tile holds, in lane l, the elements e = l + 32 i
// (i = 0 .. R*C/32 - 1) of the tile in row-major order (row e / C, column e % C). CUDA leaves this
// mapping unspecified; a program may only rely on every lane holding num_elements of them.
#pragma once

#include "warpsafe/engine/api.h"

namespace warpsafe::engine {

// How the products are summed, as the tensor cores do for each type (docs/semantics/wmma.md).
enum class WmmaArith : unsigned char {
  kSingle,   // half, bfloat16 and tf32 inputs: exact products summed, rounded once to float
  kDouble,   // double inputs: a chain of double fused multiply-adds in k order
  kInteger,  // 8-bit integer inputs: exact, wrapped to 32 bits
};

// mma_sync's multiply: called by every lane of the warp with its own elements (as doubles, in the
// order above): `a` (m x k / 32), `b` (k x n / 32), `c` and `d` (m x n / 32). A rendezvous of the
// whole warp: a lane that is missing (exited, diverged, or absent in a partial warp) is the
// engine's __syncwarp finding at `site`.
// With `saturate` (the integer forms' satf), an integer sum past the int range is clamped to it.
void WmmaMultiply(int m, int n, int k, WmmaArith arith, bool saturate, const double* a, const double* b,
                  const double* c, double* d, Site site);

// The rendezvous a warp matrix operation starts with: every thread of the warp must reach it
// (WMMA-1). A warp with exited or absent lanes (a partial last warp) is reported at `site`. Returns
// the calling lane's index in its warp.
unsigned WmmaConverge(Site site, const char* call);

// A requirement of a wmma call broken (an unaligned pointer, a leading dimension that is not a
// multiple of 16 bytes): CUDA leaves the result undefined; reported at `site`.
[[noreturn]] void WmmaInvalid(Site site, const char* call, const char* why);

}  // namespace warpsafe::engine
