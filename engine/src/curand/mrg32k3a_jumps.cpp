// MRG32k3a's jump matrices: (M1, M2)^(2^e) for e < kMrgJumps. M1 and M2 are the one-step
// companion matrices of L'Ecuyer's two recurrences
//   x_n = (1403580 x_{n-2} - 810728 x_{n-3}) mod m1,   y_n = (527612 y_{n-1} - 1370589 y_{n-3}) mod m2
// acting on (oldest, middle, newest); each further power is the previous one squared.
#include <cstdint>

#include "warpsafe/engine/curand/jumps.h"

namespace warpsafe::engine::curand_detail {
namespace {

MrgMatrix Multiply(const MrgMatrix& a, const MrgMatrix& b, std::uint32_t modulus) {
  MrgMatrix r{};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      std::uint64_t acc = 0;
      for (int k = 0; k < 3; ++k) acc += (static_cast<std::uint64_t>(a.a[i][k]) * b.a[k][j]) % modulus;
      r.a[i][j] = static_cast<std::uint32_t>(acc % modulus);
    }
  }
  return r;
}

struct Table {
  MrgMatrixPair power[kMrgJumps];

  Table() {
    // Negative coefficients are taken modulo their prime.
    MrgMatrix m1{{{0, 1, 0}, {0, 0, 1}, {kMrgModulus1 - 810728u, 1403580u, 0}}};
    MrgMatrix m2{{{0, 1, 0}, {0, 0, 1}, {kMrgModulus2 - 1370589u, 0, 527612u}}};
    for (int e = 0; e < kMrgJumps; ++e) {
      power[e] = MrgMatrixPair{m1, m2};
      m1 = Multiply(m1, m1, kMrgModulus1);
      m2 = Multiply(m2, m2, kMrgModulus2);
    }
  }
};

}  // namespace

const MrgMatrixPair& MrgPower(int e) {
  static const Table table;
  return table.power[e];
}

}  // namespace warpsafe::engine::curand_detail
