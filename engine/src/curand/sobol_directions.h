// Sobol direction vectors for the first kSobolDimensions dimensions, computed from Joe and Kuo's
// primitive polynomials and initial direction numbers ("new-joe-kuo-6", as Boost.Random ships
// them). The sets are cuRAND's CURAND_DIRECTION_VECTORS_32_JOEKUO6 and _64_JOEKUO6 for these
// dimensions (measured on a GPU: tests/engine/curand/sobol_test.cpp). cuRAND's sets go on to
// 20,000 dimensions; Boost's table, and so the engine, stops at 3667.
#pragma once

#include <cstdint>

namespace warpsafe::engine::curand_detail {

inline constexpr unsigned kSobolDimensions = 3667;
inline constexpr unsigned kCurandSobolDimensions = 20000;  // in cuRAND's sets

// Dimension d's 32 (64) direction vectors are at [32 * d] ([64 * d]), for d < kSobolDimensions:
// vector k is m_(k+1) shifted to bit 31 - k (63 - k), where m_i are the direction numbers of the
// dimension's polynomial. Computed once, on first use; the arrays live until the process ends.
const unsigned int* SobolVectors32();
const unsigned long long* SobolVectors64();

}  // namespace warpsafe::engine::curand_detail
