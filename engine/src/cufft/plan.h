// A cuFFT plan: its shape and layout as the program gave them, and the FFTW plans that carry it
// out. Internal to engine/src/cufft (docs/semantics/libraries.md).
#pragma once

#include <fftw3.h>

#include <array>
#include <cstddef>

#include "cufft.h"

namespace warpsafe::engine::cufft {

inline constexpr int kMaxRank = 3;

// One side (input or output) of a transform: element strides as FFTW's advanced interface takes
// them. `embed` is the storage size of each dimension (the logical size where the program gave
// none).
struct Layout {
  std::array<int, kMaxRank> embed{};
  int stride = 1;
  int dist = 0;
};

struct Plan {
  bool made = false;
  cufftType type = CUFFT_C2C;
  int rank = 0;
  std::array<int, kMaxRank> n{};  // logical sizes, slowest first
  int batch = 1;
  bool advanced = false;          // the program gave inembed/onembed
  Layout in, out;                 // as given (advanced) or derived (basic, out of place)
  cudaStream_t stream = nullptr;
  // FFTW plans made on first use, one per placement (in place, out of place) and direction.
  void* fftw[2][2] = {{nullptr, nullptr}, {nullptr, nullptr}};
};

// The plan behind a handle, or null for a handle that cufftCreate did not return or that was
// destroyed.
Plan* Find(cufftHandle handle);

// Releases the FFTW plans of `plan`.
void ReleaseFftw(Plan& plan);

}  // namespace warpsafe::engine::cufft
