// Direction vectors from direction numbers (sobol_directions.h). Dimension 0 has no polynomial:
// every direction number is 1 (the van der Corput sequence in base 2). Dimension d >= 1 takes
// polynomial d - 1 of Boost's table, p(z) = z^s + a_1 z^(s-1) + ... + a_(s-1) z + 1, with its s
// initial numbers m_1..m_s; the rest follow Sobol's recurrence
//   m_i = m_(i-s) ^ (m_(i-s) << s) ^ XOR over k = 1..s-1 of a_k (m_(i-k) << k).
#include "curand/sobol_directions.h"

#include <boost/random/detail/sobol_table.hpp>

#include <mutex>
#include <vector>

namespace warpsafe::engine::curand_detail {
namespace {

using Table = boost::random::detail::qrng_tables::sobol;
static_assert(Table::max_dimension == kSobolDimensions, "Boost's Sobol table changed its size");

// The direction numbers m_1..m_bits of dimension d (m_i < 2^i, so 64 bits hold all 64).
void DirectionNumbers(unsigned d, unsigned bits, std::uint64_t* m) {
  if (d == 0) {
    for (unsigned i = 0; i < bits; ++i) m[i] = 1;
    return;
  }
  const unsigned poly = Table::polynomial(d - 1);
  unsigned s = 0;
  while ((poly >> (s + 1)) != 0) ++s;  // the degree
  for (unsigned i = 0; i < s && i < bits; ++i) m[i] = Table::minit(d - 1, i);
  for (unsigned i = s; i < bits; ++i) {  // m[i] is m_(i+1)
    std::uint64_t v = m[i - s] ^ (m[i - s] << s);
    for (unsigned k = 1; k < s; ++k)
      if ((poly >> (s - k)) & 1) v ^= m[i - k] << k;
    m[i] = v;
  }
}

template <class Word>
std::vector<Word> Compute() {
  constexpr unsigned kBits = sizeof(Word) * 8;
  std::vector<Word> out(static_cast<std::size_t>(kSobolDimensions) * kBits);
  std::uint64_t m[64];
  for (unsigned d = 0; d < kSobolDimensions; ++d) {
    DirectionNumbers(d, kBits, m);
    for (unsigned k = 0; k < kBits; ++k) out[d * kBits + k] = static_cast<Word>(m[k] << (kBits - 1 - k));
  }
  return out;
}

}  // namespace

const unsigned int* SobolVectors32() {
  static const std::vector<unsigned int> vectors = Compute<unsigned int>();
  return vectors.data();
}

const unsigned long long* SobolVectors64() {
  static const std::vector<unsigned long long> vectors = Compute<unsigned long long>();
  return vectors.data();
}

}  // namespace warpsafe::engine::curand_detail
