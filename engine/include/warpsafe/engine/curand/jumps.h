// Jumping a generator ahead by 2^e steps at once, for curand_init, skipahead and
// skipahead_sequence. The tables are computed by the engine library on first use
// (engine/src/curand/xorwow_jumps.cpp, mrg32k3a_jumps.cpp) from the generators' one-step
// definitions, by repeated squaring; nothing here is copied from a precomputed table.
#pragma once

#include <cstdint>

namespace warpsafe::engine::curand_detail {

// XORWOW's xorshift part is linear over GF(2) on its 160 state bits, so n steps are one 160x160
// bit matrix. It is kept as nibble tables: entry [j][m] is the image of the 4 state bits
// 4j..4j+3 set as in m, so applying the matrix is 40 lookups of 5 words.
struct XorwowMatrix {
  std::uint32_t nibble[40][16][5];
};

// kXorwowJumps powers are kept: M^(2^e) for every e below it. Subsequences are 2^67 steps apart,
// so skipahead_sequence(n) with n < 2^64 needs e up to 130.
inline constexpr int kXorwowJumps = 131;
inline constexpr int kXorwowSubsequenceLog2 = 67;

// M^(2^e), 0 <= e < kXorwowJumps.
const XorwowMatrix& XorwowPower(int e);

inline void XorwowApply(const XorwowMatrix& m, std::uint32_t x[5]) {
  std::uint32_t r[5] = {0, 0, 0, 0, 0};
  for (int j = 0; j < 40; ++j) {
    const std::uint32_t* row = m.nibble[j][(x[j >> 3] >> ((j & 7) * 4)) & 15u];
    for (int k = 0; k < 5; ++k) r[k] ^= row[k];
  }
  for (int k = 0; k < 5; ++k) x[k] = r[k];
}

// MRG32k3a's two component recurrences are linear modulo their primes, so n steps of each are one
// 3x3 matrix mod m1 (resp. m2) applied to the last three values (oldest first).
struct MrgMatrix {
  std::uint32_t a[3][3];
};
struct MrgMatrixPair {
  MrgMatrix first;   // component 1, modulo 2^32 - 209
  MrgMatrix second;  // component 2, modulo 2^32 - 22853
};

// (M1, M2)^(2^e), 0 <= e < kMrgJumps: skipahead needs e < 64, skipahead_subsequence (2^76 steps
// apart) e < 140, skipahead_sequence (2^127 steps apart) e < 191.
inline constexpr int kMrgJumps = 191;
inline constexpr int kMrgSubsequenceLog2 = 76;
inline constexpr int kMrgSequenceLog2 = 127;
inline constexpr std::uint32_t kMrgModulus1 = 4294967087u;
inline constexpr std::uint32_t kMrgModulus2 = 4294944443u;

const MrgMatrixPair& MrgPower(int e);

inline void MrgApply(const MrgMatrix& m, std::uint32_t modulus, std::uint32_t s[3]) {
  std::uint32_t r[3];
  for (int i = 0; i < 3; ++i) {
    std::uint64_t acc = 0;
    for (int j = 0; j < 3; ++j) {
      acc += (static_cast<std::uint64_t>(m.a[i][j]) * s[j]) % modulus;
    }
    r[i] = static_cast<std::uint32_t>(acc % modulus);
  }
  for (int i = 0; i < 3; ++i) s[i] = r[i];
}

}  // namespace warpsafe::engine::curand_detail
