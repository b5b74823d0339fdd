// A cuRAND host-API generator (curandGenerator_t) on the engine: which results a generate call
// writes where, laid out exactly as cuRAND's device-side generators lay them out (measured on an
// H100, docs/semantics/curand.md, tests/programs/curand/host_api.cu):
//
//  - XORWOW and MRG32k3a keep one device-API state per virtual thread (4096 and 81920 threads),
//    thread t starting at subsequence t. A call is cut into units (one result; or one Box-Muller
//    pair for the normal kinds); unit k goes to thread (cursor + k) mod threads, which draws it
//    from its own state; the cursor then moves by the number of units. An offset o starts thread
//    t at value floor(o / threads) + (t < o mod threads) of its subsequence, with the cursor at o.
//  - Philox4_32_10 keeps no per-thread state: result i of a call is logical result Q = cursor + i,
//    taken from 4-value block floor(Q/4) (subsequence floor(Q/4) mod 65536, round floor(Q/4) /
//    65536) at lane Q mod 4; the double kinds take two blocks a round. The cursor moves by the
//    number of results.
//  - Sobol32 and Sobol64 (quasi-random) give each of `dims` dimensions its own sequence, all at
//    the same index: a call of n results writes n / dims consecutive values of dimension 0, then
//    as many of dimension 1, and so on; each value is one point of its dimension (the normal kinds
//    by the inverse distribution function, no pairs). The index starts at the offset and moves by
//    n / dims a call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "curand.h"
#include "warpsafe/engine/curand/mrg32k3a.h"
#include "warpsafe/engine/curand/xorwow.h"

namespace warpsafe::engine::curand_detail {

enum class Output { kBits, kUniform, kUniformDouble, kNormal, kNormalDouble, kLogNormal, kLogNormalDouble };

class HostGenerator {
 public:
  HostGenerator(curandRngType_t type, bool host_memory);

  curandRngType_t type() const { return type_; }
  bool host_memory() const { return host_memory_; }
  void set_stream(cudaStream_t stream) { stream_ = stream; }
  cudaStream_t stream() const { return stream_; }
  void SetSeed(unsigned long long seed);
  void SetOffset(unsigned long long offset);
  bool quasi() const { return type_ == CURAND_RNG_QUASI_SOBOL32 || type_ == CURAND_RNG_QUASI_SOBOL64; }
  // The number of dimensions of a quasi-random generator (1 until set); restarts it at its offset.
  void SetDimensions(unsigned dims);

  // Writes n results of `kind` to out (float, double or unsigned int, as `kind` says). The
  // normal kinds take `mean` and `stddev`. CURAND_STATUS_LENGTH_NOT_MULTIPLE for an odd n of a
  // normal kind on XORWOW or MRG32k3a, which draw pairs.
  curandStatus_t Generate(Output kind, void* out, std::size_t n, double mean, double stddev);
  // Sobol64's raw values (curandGenerateLongLong); n a multiple of the dimensions.
  curandStatus_t GenerateLongLong(unsigned long long* out, std::size_t n);

 private:
  template <class State>
  State& Thread(std::vector<State>& states, std::uint64_t t);
  template <class State>
  curandStatus_t GeneratePerThread(std::vector<State>& states, Output kind, void* out, std::size_t n, double mean,
                                   double stddev);
  curandStatus_t GeneratePhilox(Output kind, void* out, std::size_t n, double mean, double stddev);
  curandStatus_t GenerateSobol(Output kind, void* out, std::size_t n, double mean, double stddev);
  void Reset();

  curandRngType_t type_;
  bool host_memory_;
  cudaStream_t stream_ = nullptr;
  unsigned long long seed_ = 0;
  unsigned long long offset_ = 0;
  std::uint64_t cursor_ = 0;  // in units (XORWOW, MRG32k3a), results (Philox) or points (Sobol) from the origin
  unsigned dims_ = 1;
  std::vector<curandStateXORWOW_t> xorwow_;
  std::vector<curandStateMRG32k3a_t> mrg_;
  std::vector<bool> started_;  // per virtual thread: its state has been set up since the last reset
};

}  // namespace warpsafe::engine::curand_detail
