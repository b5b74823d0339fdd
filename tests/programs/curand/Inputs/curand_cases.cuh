// The device-API cases whose results were recorded on a GPU (gpu/curand_probe.cu) and are
// replayed on the engine (curand_device_test.cu). Both sides compile these same kernels, so the
// engine runs exactly the calls that produced the recorded words.
//
// Each case is one (seed, subsequence, offset) triple; one thread per case fills kSlots 64-bit
// words: integers as they are, floats and doubles as their bit patterns. The order of the slots is
// the order of the calls below; a slot a generator does not use stays 0.
#pragma once

#include <curand_kernel.h>

namespace curand_cases {

struct Case {
  unsigned long long seed;
  unsigned long long subsequence;
  unsigned long long offset;
};

constexpr int kCaseCount = 7;
constexpr int kSlots = 192;

__host__ __device__ inline Case CaseAt(int i) {
  const Case cases[kCaseCount] = {
      {0ull, 0ull, 0ull},
      {1234ull, 0ull, 0ull},
      {1234ull, 1ull, 0ull},
      {1234ull, 3ull, 17ull},
      {0xdeadbeefcafef00dull, 5ull, 1000ull},
      {42ull, 123456789ull, (1ull << 33) + 5ull},
      {7ull, (1ull << 40) + 1ull, 3ull},
  };
  return cases[i];
}

// What each range of slots holds, for messages and for the tolerance of each kind of value.
enum class Kind { kBits, kUniform, kNormal, kNormalDouble, kUniformDouble, kLogNormal, kLogNormalDouble, kPoisson };

struct Writer {
  unsigned long long* out;
  int n = 0;
  __device__ void U(unsigned int v) { out[n++] = v; }
  __device__ void F(float v) { out[n++] = __float_as_uint(v); }
  __device__ void D(double v) { out[n++] = static_cast<unsigned long long>(__double_as_longlong(v)); }
};

template <class State>
__device__ void Fresh(State* s, const Case& c) {
  curand_init(c.seed, c.subsequence, c.offset, s);
}

// Slots 0..124, the same calls for every generator.
template <class State>
__device__ void RecordCommon(const Case& c, Writer& w) {
  State s;
  Fresh(&s, c);  // 0: raw bits
  for (int i = 0; i < 16; ++i) w.U(curand(&s));
  Fresh(&s, c);  // 16: uniform
  for (int i = 0; i < 8; ++i) w.F(curand_uniform(&s));
  Fresh(&s, c);  // 24: uniform double
  for (int i = 0; i < 8; ++i) w.D(curand_uniform_double(&s));
  Fresh(&s, c);  // 32: normal
  for (int i = 0; i < 8; ++i) w.F(curand_normal(&s));
  Fresh(&s, c);  // 40: normal2
  for (int i = 0; i < 4; ++i) {
    float2 v = curand_normal2(&s);
    w.F(v.x);
    w.F(v.y);
  }
  Fresh(&s, c);  // 48: normal double
  for (int i = 0; i < 8; ++i) w.D(curand_normal_double(&s));
  Fresh(&s, c);  // 56: normal2 double
  for (int i = 0; i < 4; ++i) {
    double2 v = curand_normal2_double(&s);
    w.D(v.x);
    w.D(v.y);
  }
  Fresh(&s, c);  // 64: log-normal
  for (int i = 0; i < 8; ++i) w.F(curand_log_normal(&s, 0.5f, 1.5f));
  Fresh(&s, c);  // 72: log-normal2
  for (int i = 0; i < 4; ++i) {
    float2 v = curand_log_normal2(&s, -1.0f, 0.25f);
    w.F(v.x);
    w.F(v.y);
  }
  Fresh(&s, c);  // 80: log-normal double
  for (int i = 0; i < 4; ++i) w.D(curand_log_normal_double(&s, 0.5, 1.5));
  Fresh(&s, c);  // 84: log-normal2 double
  for (int i = 0; i < 2; ++i) {
    double2 v = curand_log_normal2_double(&s, 2.0, 0.125);
    w.D(v.x);
    w.D(v.y);
  }
  Fresh(&s, c);  // 88: Poisson, small (Knuth) and large (normal approximation) lambda
  for (int i = 0; i < 8; ++i) w.U(curand_poisson(&s, 3.5));
  for (int i = 0; i < 4; ++i) w.U(curand_poisson(&s, 25.0));
  for (int i = 0; i < 2; ++i) w.U(curand_poisson(&s, 10000.0));
  Fresh(&s, c);  // 102: the Box-Muller spare is kept per flavour
  w.F(curand_normal(&s));
  w.F(curand_uniform(&s));
  w.F(curand_normal(&s));
  w.D(curand_normal_double(&s));
  w.F(curand_log_normal(&s, 0.0f, 1.0f));
  {  // 107: skipahead and skipahead_sequence on a state started at the sequence's origin
    State t;
    curand_init(c.seed, 0ull, 0ull, &t);
    skipahead(c.offset, &t);
    skipahead_sequence(c.subsequence, &t);
    for (int i = 0; i < 4; ++i) w.U(curand(&t));
  }
  Fresh(&s, c);  // 111: skipahead past 2^40 values, then one more subsequence or sequence
  skipahead((1ull << 40) + 3ull, &s);
  w.U(curand(&s));
  w.U(curand(&s));
  skipahead_sequence(1ull, &s);
  w.U(curand(&s));
  w.U(curand(&s));
  // 115
}

// Slots 128..: what only Philox4_32_10 has (the four-at-a-time calls).
__device__ inline void RecordPhilox(const Case& c, Writer& w) {
  w.n = 128;
  curandStatePhilox4_32_10_t s;
  Fresh(&s, c);  // 128: one value, then two curand4 that straddle the block of four
  w.U(curand(&s));
  for (int i = 0; i < 2; ++i) {
    uint4 v = curand4(&s);
    w.U(v.x);
    w.U(v.y);
    w.U(v.z);
    w.U(v.w);
  }
  Fresh(&s, c);  // 137: uniform4
  for (int i = 0; i < 2; ++i) {
    float4 v = curand_uniform4(&s);
    w.F(v.x);
    w.F(v.y);
    w.F(v.z);
    w.F(v.w);
  }
  Fresh(&s, c);  // 145: normal4
  for (int i = 0; i < 2; ++i) {
    float4 v = curand_normal4(&s);
    w.F(v.x);
    w.F(v.y);
    w.F(v.z);
    w.F(v.w);
  }
  Fresh(&s, c);  // 153: log-normal4
  {
    float4 v = curand_log_normal4(&s, 0.5f, 1.5f);
    w.F(v.x);
    w.F(v.y);
    w.F(v.z);
    w.F(v.w);
  }
  Fresh(&s, c);  // 157: uniform2_double
  {
    double2 v = curand_uniform2_double(&s);
    w.D(v.x);
    w.D(v.y);
  }
  Fresh(&s, c);  // 159: poisson4, small lambda
  {
    uint4 v = curand_poisson4(&s, 3.5);
    w.U(v.x);
    w.U(v.y);
    w.U(v.z);
    w.U(v.w);
  }
  Fresh(&s, c);  // 163: two values, skipahead by 5, curand4
  w.U(curand(&s));
  w.U(curand(&s));
  skipahead(5ull, &s);
  {
    uint4 v = curand4(&s);
    w.U(v.x);
    w.U(v.y);
    w.U(v.z);
    w.U(v.w);
  }
  // 169
}

// The kind of value in each slot (for the comparison's tolerance and its messages).
inline Kind KindOf(int slot) {
  if (slot < 16) return Kind::kBits;
  if (slot < 24) return Kind::kUniform;
  if (slot < 32) return Kind::kUniformDouble;
  if (slot < 48) return Kind::kNormal;
  if (slot < 64) return Kind::kNormalDouble;
  if (slot < 80) return Kind::kLogNormal;
  if (slot < 88) return Kind::kLogNormalDouble;
  if (slot < 102) return Kind::kPoisson;
  if (slot == 103) return Kind::kUniform;
  if (slot == 102 || slot == 104) return Kind::kNormal;
  if (slot == 105) return Kind::kNormalDouble;
  if (slot == 106) return Kind::kLogNormal;
  if (slot < 137) return Kind::kBits;
  if (slot < 145) return Kind::kUniform;
  if (slot < 153) return Kind::kNormal;
  if (slot < 157) return Kind::kLogNormal;
  if (slot < 159) return Kind::kUniformDouble;
  if (slot < 163) return Kind::kPoisson;
  return Kind::kBits;
}

__global__ void RecordXorwow(unsigned long long* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCaseCount) return;
  Writer w{out + i * kSlots};
  RecordCommon<curandState>(CaseAt(i), w);
}

__global__ void RecordPhiloxCases(unsigned long long* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCaseCount) return;
  Writer w{out + i * kSlots};
  RecordCommon<curandStatePhilox4_32_10_t>(CaseAt(i), w);
  RecordPhilox(CaseAt(i), w);
}

__global__ void RecordMrg(unsigned long long* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCaseCount) return;
  Writer w{out + i * kSlots};
  RecordCommon<curandStateMRG32k3a_t>(CaseAt(i), w);
}

}  // namespace curand_cases
