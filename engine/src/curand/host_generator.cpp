// HostGenerator: the layout of cuRAND's host-API results (see host_generator.h).
#include "curand/host_generator.h"

#include <cmath>

#include "curand/sobol_directions.h"
#include "warpsafe/engine/curand/distributions.h"
#include "warpsafe/engine/curand/sobol.h"

namespace warpsafe::engine::curand_detail {
namespace {

constexpr std::uint64_t kXorwowThreads = 4096;
constexpr std::uint64_t kMrgThreads = 81920;
constexpr std::uint64_t kPhiloxThreads = 65536;

bool IsNormalKind(Output kind) {
  return kind == Output::kNormal || kind == Output::kNormalDouble || kind == Output::kLogNormal ||
         kind == Output::kLogNormalDouble;
}

std::uint64_t ThreadsOf(curandRngType_t type) {
  return type == CURAND_RNG_PSEUDO_MRG32K3A ? kMrgThreads : kXorwowThreads;
}

float Scale(float normal, double mean, double stddev, bool log) {
  const float v = std::fma(static_cast<float>(stddev), normal, static_cast<float>(mean));
  return log ? expf(v) : v;
}
double Scale(double normal, double mean, double stddev, bool log) {
  const double v = std::fma(stddev, normal, mean);
  return log ? ::exp(v) : v;
}

// Philox block `round` of subsequence `thread` under `key`: the counter's lower half is the round.
uint4 PhiloxBlockAt(uint2 key, std::uint64_t thread, std::uint64_t round) {
  const uint4 counter = make_uint4(static_cast<unsigned>(round), static_cast<unsigned>(round >> 32),
                                   static_cast<unsigned>(thread), static_cast<unsigned>(thread >> 32));
  return PhiloxBlock(counter, key);
}

unsigned Lane(const uint4& b, unsigned j) { return j == 0 ? b.x : j == 1 ? b.y : j == 2 ? b.z : b.w; }

}  // namespace

HostGenerator::HostGenerator(curandRngType_t type, bool host_memory) : type_(type), host_memory_(host_memory) {
  Reset();
}

void HostGenerator::SetSeed(unsigned long long seed) {
  seed_ = seed;
  Reset();
}

void HostGenerator::SetOffset(unsigned long long offset) {
  offset_ = offset;
  Reset();
}

void HostGenerator::SetDimensions(unsigned dims) {
  dims_ = dims;
  Reset();
}

void HostGenerator::Reset() {
  cursor_ = offset_;
  if (quasi()) return;
  started_.assign(type_ == CURAND_RNG_PSEUDO_PHILOX4_32_10 ? 0 : ThreadsOf(type_), false);
  if (type_ == CURAND_RNG_PSEUDO_MRG32K3A) {
    mrg_.resize(kMrgThreads);
  } else if (type_ != CURAND_RNG_PSEUDO_PHILOX4_32_10) {
    xorwow_.resize(kXorwowThreads);
  }
}

// Thread t's state, set up on first use at the value the offset gives it.
template <class State>
State& HostGenerator::Thread(std::vector<State>& states, std::uint64_t t) {
  if (!started_[t]) {
    const std::uint64_t threads = states.size();
    const std::uint64_t skipped = offset_ / threads + (t < offset_ % threads ? 1 : 0);
    curand_init(seed_, t, skipped, &states[t]);
    started_[t] = true;
  }
  return states[t];
}

template <class State>
curandStatus_t HostGenerator::GeneratePerThread(std::vector<State>& states, Output kind, void* out, std::size_t n,
                                                double mean, double stddev) {
  const bool pairs = IsNormalKind(kind);
  if (pairs && n % 2 != 0) return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  const std::uint64_t threads = states.size();
  const std::size_t units = pairs ? n / 2 : n;
  const bool log = kind == Output::kLogNormal || kind == Output::kLogNormalDouble;
  for (std::size_t k = 0; k < units; ++k) {
    State& s = Thread(states, (cursor_ + k) % threads);
    switch (kind) {
      case Output::kBits: static_cast<unsigned*>(out)[k] = curand(&s); break;
      case Output::kUniform: static_cast<float*>(out)[k] = curand_uniform(&s); break;
      case Output::kUniformDouble: static_cast<double*>(out)[k] = curand_uniform_double(&s); break;
      case Output::kNormal:
      case Output::kLogNormal: {
        const float2 v = NormalPair(&s);
        static_cast<float*>(out)[2 * k] = Scale(v.x, mean, stddev, log);
        static_cast<float*>(out)[2 * k + 1] = Scale(v.y, mean, stddev, log);
        break;
      }
      case Output::kNormalDouble:
      case Output::kLogNormalDouble: {
        const double2 v = NormalPairDouble(&s);
        static_cast<double*>(out)[2 * k] = Scale(v.x, mean, stddev, log);
        static_cast<double*>(out)[2 * k + 1] = Scale(v.y, mean, stddev, log);
        break;
      }
    }
  }
  cursor_ += units;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t HostGenerator::GeneratePhilox(Output kind, void* out, std::size_t n, double mean, double stddev) {
  const uint2 key = make_uint2(static_cast<unsigned>(seed_), static_cast<unsigned>(seed_ >> 32));
  const bool log = kind == Output::kLogNormal || kind == Output::kLogNormalDouble;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t q = cursor_ + i;
    const std::uint64_t group = q / 4;
    const unsigned j = static_cast<unsigned>(q % 4);
    const std::uint64_t thread = group % kPhiloxThreads;
    const std::uint64_t round = group / kPhiloxThreads;
    switch (kind) {
      case Output::kBits:
        static_cast<unsigned*>(out)[i] = Lane(PhiloxBlockAt(key, thread, round), j);
        break;
      case Output::kUniform:
        static_cast<float*>(out)[i] = UnitFloat(Lane(PhiloxBlockAt(key, thread, round), j));
        break;
      case Output::kUniformDouble: {  // two blocks a round; result j from values 2j, 2j+1
        const uint4 b = PhiloxBlockAt(key, thread, 2 * round + j / 2);
        static_cast<double*>(out)[i] = UnitDouble53(Lane(b, (2 * j) % 4), Lane(b, (2 * j) % 4 + 1));
        break;
      }
      case Output::kNormal:
      case Output::kLogNormal: {  // the block's two pairs
        const uint4 b = PhiloxBlockAt(key, thread, round);
        const float2 v = j < 2 ? BoxMuller(b.x, b.y) : BoxMuller(b.z, b.w);
        static_cast<float*>(out)[i] = Scale(j % 2 == 0 ? v.x : v.y, mean, stddev, log);
        break;
      }
      case Output::kNormalDouble:
      case Output::kLogNormalDouble: {  // two blocks a round, one double pair each
        const uint4 b = PhiloxBlockAt(key, thread, 2 * round + j / 2);
        const double2 v = BoxMullerDouble(b.x, b.y, b.z, b.w);
        static_cast<double*>(out)[i] = Scale(j % 2 == 0 ? v.x : v.y, mean, stddev, log);
        break;
      }
    }
  }
  cursor_ += n;
  return CURAND_STATUS_SUCCESS;
}

namespace {

// Point `index` of the dimension whose vectors are given: the XOR of the vectors that index's Gray code picks.
template <class Word>
Word SobolPoint(const Word* vectors, std::uint64_t index) {
  const std::uint64_t gray = index ^ (index >> 1);
  Word x = 0;
  for (unsigned k = 0; k < sizeof(Word) * 8; ++k)
    if ((gray >> k) & 1) x ^= vectors[k];
  return x;
}

template <class Word>
void FillSobol(const Word* table, unsigned dims, std::uint64_t first, std::size_t per, Output kind, void* out,
               double mean, double stddev) {
  constexpr unsigned kBits = sizeof(Word) * 8;
  const bool log = kind == Output::kLogNormal || kind == Output::kLogNormalDouble;
  for (unsigned d = 0; d < dims; ++d) {
    const Word* v = table + static_cast<std::size_t>(d) * kBits;
    // The index is kept to the word's width, as a device-API state keeps it (the host API was
    // measured at indices below 2^32 only).
    Word x = SobolPoint(v, static_cast<Word>(first));
    Word index = static_cast<Word>(first);
    for (std::size_t j = 0; j < per; ++j) {
      const std::size_t at = d * per + j;
      switch (kind) {
        case Output::kBits: static_cast<unsigned*>(out)[at] = static_cast<unsigned>(x); break;
        case Output::kUniform: static_cast<float*>(out)[at] = SobolUnit(Upper32(x)); break;
        case Output::kUniformDouble: static_cast<double*>(out)[at] = SobolUnitDouble(x); break;
        case Output::kNormal:
        case Output::kLogNormal: static_cast<float*>(out)[at] = Scale(SobolNormalOf(x), mean, stddev, log); break;
        case Output::kNormalDouble:
        case Output::kLogNormalDouble:
          static_cast<double*>(out)[at] = Scale(SobolNormalDoubleOf(x), mean, stddev, log);
          break;
      }
      x ^= v[LowestZeroBit(index)];
      ++index;
    }
  }
}

}  // namespace

curandStatus_t HostGenerator::GenerateSobol(Output kind, void* out, std::size_t n, double mean, double stddev) {
  if (n % dims_ != 0) return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  const std::size_t per = n / dims_;
  if (type_ == CURAND_RNG_QUASI_SOBOL32) {
    FillSobol(SobolVectors32(), dims_, cursor_, per, kind, out, mean, stddev);
  } else {
    FillSobol(SobolVectors64(), dims_, cursor_, per, kind, out, mean, stddev);
  }
  cursor_ += per;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t HostGenerator::GenerateLongLong(unsigned long long* out, std::size_t n) {
  if (n % dims_ != 0) return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  const std::size_t per = n / dims_;
  const unsigned long long* table = SobolVectors64();
  for (unsigned d = 0; d < dims_; ++d) {
    const unsigned long long* v = table + static_cast<std::size_t>(d) * 64;
    unsigned long long x = SobolPoint(v, cursor_);
    unsigned long long index = cursor_;
    for (std::size_t j = 0; j < per; ++j) {
      out[d * per + j] = x;
      x ^= v[LowestZeroBit(index)];
      ++index;
    }
  }
  cursor_ += per;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t HostGenerator::Generate(Output kind, void* out, std::size_t n, double mean, double stddev) {
  if (quasi()) return GenerateSobol(kind, out, n, mean, stddev);
  if (type_ == CURAND_RNG_PSEUDO_PHILOX4_32_10) return GeneratePhilox(kind, out, n, mean, stddev);
  if (type_ == CURAND_RNG_PSEUDO_MRG32K3A) return GeneratePerThread(mrg_, kind, out, n, mean, stddev);
  return GeneratePerThread(xorwow_, kind, out, n, mean, stddev);
}

}  // namespace warpsafe::engine::curand_detail
