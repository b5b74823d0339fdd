// XORWOW's jump matrices: M^(2^e) for e < kXorwowJumps, where M is one step of the generator's
// xorshift part (the Weyl counter is jumped separately, by plain arithmetic). M is found by
// stepping each of the 160 unit states once; each further power is the previous one squared.
#include <cstdint>
#include <memory>

#include "warpsafe/engine/curand/jumps.h"

namespace warpsafe::engine::curand_detail {
namespace {

// A matrix as its 160 columns: column i is the image of state bit i (bit i%32 of word i/32).
struct Columns {
  std::uint32_t col[160][5];
};

// One step of Marsaglia's xorwow shift register on the five words, oldest first.
void Step(std::uint32_t x[5]) {
  const std::uint32_t t = x[0] ^ (x[0] >> 2);
  const std::uint32_t newest = (x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1));
  x[0] = x[1];
  x[1] = x[2];
  x[2] = x[3];
  x[3] = x[4];
  x[4] = newest;
}

void ToNibbles(const Columns& c, XorwowMatrix* m) {
  for (int j = 0; j < 40; ++j) {
    for (unsigned combo = 0; combo < 16; ++combo) {
      std::uint32_t* out = m->nibble[j][combo];
      for (int k = 0; k < 5; ++k) out[k] = 0;
      for (int b = 0; b < 4; ++b) {
        if (combo & (1u << b)) {
          for (int k = 0; k < 5; ++k) out[k] ^= c.col[4 * j + b][k];
        }
      }
    }
  }
}

struct Table {
  XorwowMatrix power[kXorwowJumps];

  Table() {
    auto cur = std::make_unique<Columns>();
    for (int i = 0; i < 160; ++i) {
      std::uint32_t x[5] = {0, 0, 0, 0, 0};
      x[i / 32] = 1u << (i % 32);
      Step(x);
      for (int k = 0; k < 5; ++k) cur->col[i][k] = x[k];
    }
    for (int e = 0; e < kXorwowJumps; ++e) {
      ToNibbles(*cur, &power[e]);
      // Square: column i of M*M is M applied to column i of M.
      for (int i = 0; i < 160; ++i) XorwowApply(power[e], cur->col[i]);
    }
  }
};

}  // namespace

const XorwowMatrix& XorwowPower(int e) {
  static const std::unique_ptr<Table> table = std::make_unique<Table>();
  return table->power[e];
}

}  // namespace warpsafe::engine::curand_detail
