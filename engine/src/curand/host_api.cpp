// cuRAND's host API (curand.h) on HostGenerator. Status codes are cuRAND's, as measured on the
// GPU for the same misuse (tests/programs/curand/host_api.cu, sobol_host_api.cu). What cuRAND has
// and the engine does not (scrambled Sobol and Mersenne Twister generators, Sobol dimensions past
// the engine's 3667, Poisson and binomial generation, orderings other than the default) stops the
// program with one report naming the call: a program cannot go on correctly with numbers the GPU
// would not give it.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include "curand/host_generator.h"
#include "curand/sobol_directions.h"
#include "fiber/fault_handler.h"
#include "graph/library_capture.h"
#include "race/race.h"
#include "report/report.h"
#include "runtime/allocations.h"

namespace warpsafe::engine::curand_detail {
namespace {

std::mutex& RegistryMutex() {
  static std::mutex m;
  return m;
}
std::set<HostGenerator*>& Registry() {
  static std::set<HostGenerator*> live;
  return live;
}

HostGenerator* Live(curandGenerator_t g) {
  auto* p = reinterpret_cast<HostGenerator*>(g);
  std::lock_guard<std::mutex> lock(RegistryMutex());
  return Registry().count(p) != 0 ? p : nullptr;
}

[[noreturn]] void Refuse(const std::string& call, const std::string& why) {
  Report(DefectKind::kUnsupported).AtCaller(call + ": " + why).Emit();
}

const char* TypeName(curandRngType_t type) {
  switch (type) {
    case CURAND_RNG_TEST: return "CURAND_RNG_TEST";
    case CURAND_RNG_PSEUDO_DEFAULT: return "CURAND_RNG_PSEUDO_DEFAULT";
    case CURAND_RNG_PSEUDO_XORWOW: return "CURAND_RNG_PSEUDO_XORWOW";
    case CURAND_RNG_PSEUDO_MRG32K3A: return "CURAND_RNG_PSEUDO_MRG32K3A";
    case CURAND_RNG_PSEUDO_MTGP32: return "CURAND_RNG_PSEUDO_MTGP32";
    case CURAND_RNG_PSEUDO_MT19937: return "CURAND_RNG_PSEUDO_MT19937";
    case CURAND_RNG_PSEUDO_PHILOX4_32_10: return "CURAND_RNG_PSEUDO_PHILOX4_32_10";
    case CURAND_RNG_QUASI_DEFAULT: return "CURAND_RNG_QUASI_DEFAULT";
    case CURAND_RNG_QUASI_SOBOL32: return "CURAND_RNG_QUASI_SOBOL32";
    case CURAND_RNG_QUASI_SCRAMBLED_SOBOL32: return "CURAND_RNG_QUASI_SCRAMBLED_SOBOL32";
    case CURAND_RNG_QUASI_SOBOL64: return "CURAND_RNG_QUASI_SOBOL64";
    case CURAND_RNG_QUASI_SCRAMBLED_SOBOL64: return "CURAND_RNG_QUASI_SCRAMBLED_SOBOL64";
  }
  return nullptr;
}

curandStatus_t Create(curandGenerator_t* generator, curandRngType_t type, bool host_memory, const char* call) {
  const char* name = TypeName(type);
  if (name == nullptr) return CURAND_STATUS_TYPE_ERROR;
  if (type == CURAND_RNG_PSEUDO_DEFAULT) type = CURAND_RNG_PSEUDO_XORWOW;
  if (type == CURAND_RNG_QUASI_DEFAULT) type = CURAND_RNG_QUASI_SOBOL32;
  if (type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 || type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64) {
    Refuse(call, std::string(name) +
                     " is not provided by the engine: its scramble constants are cuRAND's own table, which the "
                     "engine cannot derive (the unscrambled SOBOL32 and SOBOL64 are provided)");
  }
  if (type != CURAND_RNG_PSEUDO_XORWOW && type != CURAND_RNG_PSEUDO_PHILOX4_32_10 &&
      type != CURAND_RNG_PSEUDO_MRG32K3A && type != CURAND_RNG_QUASI_SOBOL32 && type != CURAND_RNG_QUASI_SOBOL64) {
    Refuse(call, std::string(name) +
                     " is not provided by the engine (it has XORWOW, PHILOX4_32_10, MRG32K3A, SOBOL32 and SOBOL64, "
                     "with the GPU's sequences)");
  }
  if (generator == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  auto* g = new HostGenerator(type, host_memory);
  {
    std::lock_guard<std::mutex> lock(RegistryMutex());
    Registry().insert(g);
  }
  *generator = reinterpret_cast<curandGenerator_t>(g);
  return CURAND_STATUS_SUCCESS;
}

// A generator made by curandCreateGenerator writes device memory: the whole output must lie in
// one allocation the runtime handed out (on a GPU anything else faults in the library's kernel).
void CheckOutput(const HostGenerator& g, const void* out, std::size_t bytes, const char* call) {
  if (g.host_memory() || bytes == 0) return;
  AllocationInfo info;
  const auto* p = static_cast<const unsigned char*>(out);
  const bool inside = FindAllocation(out, &info) &&
                      p + bytes <= static_cast<const unsigned char*>(info.base) + info.size;
  if (!inside) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "%s writes %zu bytes at %p, which is not inside one device allocation (a generator made by "
                  "curandCreateGenerator writes device memory)",
                  call, bytes, out);
    Report(DefectKind::kOutOfBounds).AtCaller(text).Emit();
  }
  // Under `warpsafe check`, the output is written by work on the generator's stream (MEM-5).
  if (race::Enabled())
    race::LibraryAccess((std::string("cuRAND call ") + call).c_str(), "outputPtr", out, bytes, false, true,
                        graph::LibraryStream(g.stream()));
}

curandStatus_t Generate(curandGenerator_t generator, Output kind, void* out, std::size_t n, std::size_t elem,
                        double mean, double stddev, const char* call) {
  HostGenerator* g = Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  if (n == 0) return CURAND_STATUS_SUCCESS;
  // A device generator's work runs on its stream: while that stream captures, it becomes a node
  // that draws the next numbers of the sequence at each launch (graph/library_capture.h).
  const cudaStream_t stream = g->host_memory() ? nullptr : g->stream();
  return graph::RunLibraryWork(stream, call, false, CURAND_STATUS_SUCCESS, CURAND_STATUS_LAUNCH_FAILURE, [=] {
    HostGenerator* live = Live(generator);
    if (live == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
    CheckOutput(*live, out, n * elem, call);
    return live->Generate(kind, out, n, mean, stddev);
  });
}

}  // namespace
}  // namespace warpsafe::engine::curand_detail

using warpsafe::engine::curand_detail::Output;
namespace cd = warpsafe::engine::curand_detail;

curandStatus_t curandCreateGenerator(curandGenerator_t* generator, curandRngType_t rng_type) {
  return cd::Create(generator, rng_type, false, "curandCreateGenerator");
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t* generator, curandRngType_t rng_type) {
  return cd::Create(generator, rng_type, true, "curandCreateGeneratorHost");
}

curandStatus_t curandDestroyGenerator(curandGenerator_t generator) {
  cd::HostGenerator* g = cd::Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  {
    std::lock_guard<std::mutex> lock(cd::RegistryMutex());
    cd::Registry().erase(g);
  }
  delete g;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int* version) {
  if (version == nullptr) return CURAND_STATUS_OUT_OF_RANGE;
  *version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}

// Generation on the engine is synchronous, so it is already ordered after everything earlier on
// the stream; the stream is kept only to be reported as set.
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream) {
  cd::HostGenerator* g = cd::Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  g->set_stream(stream);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed) {
  cd::HostGenerator* g = cd::Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  if (g->quasi()) return CURAND_STATUS_TYPE_ERROR;
  g->SetSeed(seed);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  cd::HostGenerator* g = cd::Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  g->SetOffset(offset);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  cd::HostGenerator* g = cd::Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  if (g->quasi()) return order == CURAND_ORDERING_QUASI_DEFAULT ? CURAND_STATUS_SUCCESS : CURAND_STATUS_OUT_OF_RANGE;
  if (order == CURAND_ORDERING_PSEUDO_DEFAULT || order == CURAND_ORDERING_PSEUDO_BEST) return CURAND_STATUS_SUCCESS;
  if (order == CURAND_ORDERING_QUASI_DEFAULT) return CURAND_STATUS_OUT_OF_RANGE;
  cd::Refuse("curandSetGeneratorOrdering",
             "only CURAND_ORDERING_PSEUDO_DEFAULT (= PSEUDO_BEST) is provided; the engine lays results out as the GPU "
             "does under that ordering alone");
}

// The engine sets a generator's states up when it first needs them; nothing to do ahead.
curandStatus_t curandGenerateSeeds(curandGenerator_t generator) {
  return cd::Live(generator) == nullptr ? CURAND_STATUS_NOT_INITIALIZED : CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int* outputPtr, size_t num) {
  cd::HostGenerator* g = cd::Live(generator);
  // Sobol64 has 64-bit values only; the GPU answers a count of 0 with success before that.
  if (g != nullptr && g->type() == CURAND_RNG_QUASI_SOBOL64 && num != 0) return CURAND_STATUS_TYPE_ERROR;
  return cd::Generate(generator, Output::kBits, outputPtr, num, sizeof(unsigned), 0, 0, "curandGenerate");
}

curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* outputPtr, size_t num) {
  return cd::Generate(generator, Output::kUniform, outputPtr, num, sizeof(float), 0, 0, "curandGenerateUniform");
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double* outputPtr, size_t num) {
  return cd::Generate(generator, Output::kUniformDouble, outputPtr, num, sizeof(double), 0, 0,
                      "curandGenerateUniformDouble");
}

curandStatus_t curandGenerateNormal(curandGenerator_t generator, float* outputPtr, size_t n, float mean,
                                    float stddev) {
  return cd::Generate(generator, Output::kNormal, outputPtr, n, sizeof(float), mean, stddev, "curandGenerateNormal");
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double* outputPtr, size_t n, double mean,
                                          double stddev) {
  return cd::Generate(generator, Output::kNormalDouble, outputPtr, n, sizeof(double), mean, stddev,
                      "curandGenerateNormalDouble");
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float* outputPtr, size_t n, float mean,
                                       float stddev) {
  return cd::Generate(generator, Output::kLogNormal, outputPtr, n, sizeof(float), mean, stddev,
                      "curandGenerateLogNormal");
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double* outputPtr, size_t n,
                                             double mean, double stddev) {
  return cd::Generate(generator, Output::kLogNormalDouble, outputPtr, n, sizeof(double), mean, stddev,
                      "curandGenerateLogNormalDouble");
}

// ---- quasi-random generators (a pseudo-random one answers CURAND_STATUS_TYPE_ERROR, as on a GPU) ----
// cuRAND takes 1 to 20000 dimensions; the engine's direction vectors stop at 3667 (Boost's table).
curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int num_dimensions) {
  cd::HostGenerator* g = cd::Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  if (!g->quasi()) return CURAND_STATUS_TYPE_ERROR;
  if (num_dimensions == 0 || num_dimensions > cd::kCurandSobolDimensions) return CURAND_STATUS_OUT_OF_RANGE;
  if (num_dimensions > cd::kSobolDimensions) {
    cd::Refuse("curandSetQuasiRandomGeneratorDimensions",
               std::to_string(num_dimensions) + " dimensions: the engine's Sobol direction vectors stop at " +
                   std::to_string(cd::kSobolDimensions) + " dimensions (cuRAND's at 20000)");
  }
  g->SetDimensions(num_dimensions);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long* outputPtr, size_t num) {
  cd::HostGenerator* g = cd::Live(generator);
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  if (g->type() != CURAND_RNG_QUASI_SOBOL64) return CURAND_STATUS_TYPE_ERROR;
  if (num == 0) return CURAND_STATUS_SUCCESS;
  const cudaStream_t stream = g->host_memory() ? nullptr : g->stream();
  const auto work = [=] {
    cd::HostGenerator* live = cd::Live(generator);
    if (live == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
    cd::CheckOutput(*live, outputPtr, num * sizeof *outputPtr, "curandGenerateLongLong");
    return live->GenerateLongLong(outputPtr, num);
  };
  return warpsafe::engine::graph::RunLibraryWork(stream, "curandGenerateLongLong", false, CURAND_STATUS_SUCCESS,
                                                 CURAND_STATUS_LAUNCH_FAILURE, work);
}

// The direction vectors handed out: cuRAND's tables hold 20000 dimensions, and a program may
// index any of them. The engine has the first kSobolDimensions; the rest of the table's span is
// mapped inaccessible, its start on a page boundary, so that reading a dimension past the engine's
// is reported as unsupported (with the dimension) rather than giving numbers the GPU would not.
namespace warpsafe::engine::curand_detail {
namespace {

// One dimension's vectors: as many words as a word has bits.
template <class Word>
constexpr std::size_t kDimensionBytes = sizeof(Word) * 8 * sizeof(Word);

template <class Word>
struct GuardedTable {
  const Word* start = nullptr;
};
GuardedTable<unsigned int> g_table32;
GuardedTable<unsigned long long> g_table64;

template <class Word>
std::string ExplainBeyond(const void* address, const Word* start, const char* call) {
  const std::size_t dimension =
      static_cast<std::size_t>(static_cast<const char*>(address) - reinterpret_cast<const char*>(start)) /
      kDimensionBytes<Word>;
  return std::string("a read of dimension ") + std::to_string(dimension) + " of the table " + call +
         " handed out: the engine's Sobol direction vectors stop at " + std::to_string(kSobolDimensions) +
         " dimensions (cuRAND's at " + std::to_string(kCurandSobolDimensions) + ")";
}
std::string ExplainBeyond32(const void* address) {
  return ExplainBeyond(address, g_table32.start, "curandGetDirectionVectors32");
}
std::string ExplainBeyond64(const void* address) {
  return ExplainBeyond(address, g_table64.start, "curandGetDirectionVectors64");
}

template <class Word>
const Word* MakeGuardedTable(const Word* vectors, std::string (*explain)(const void*)) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t have = kSobolDimensions * kDimensionBytes<Word>;
  const std::size_t have_pages = (have + page - 1) / page * page;
  const std::size_t beyond = (kCurandSobolDimensions - kSobolDimensions) * kDimensionBytes<Word>;
  const std::size_t beyond_pages = (beyond + page - 1) / page * page;
  void* base = mmap(nullptr, have_pages + beyond_pages, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED || mprotect(base, have_pages, PROT_READ | PROT_WRITE) != 0) return nullptr;
  char* start = static_cast<char*>(base) + (have_pages - have);
  std::memcpy(start, vectors, have);
  RegisterUnsupportedRange(start + have, beyond, explain);
  return reinterpret_cast<const Word*>(start);
}

const unsigned int* Table32() {
  static const unsigned int* table = g_table32.start = MakeGuardedTable(SobolVectors32(), ExplainBeyond32);
  return table;
}
const unsigned long long* Table64() {
  static const unsigned long long* table = g_table64.start = MakeGuardedTable(SobolVectors64(), ExplainBeyond64);
  return table;
}

}  // namespace
}  // namespace warpsafe::engine::curand_detail

// The scrambled sets and the scramble constants are cuRAND's own data: refused.
curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t* vectors[], curandDirectionVectorSet_t set) {
  if (set == CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6) {
    cd::Refuse("curandGetDirectionVectors32",
               "CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 is not provided by the engine (scrambled Sobol uses "
               "cuRAND's own constants, which the engine cannot derive)");
  }
  if (set != CURAND_DIRECTION_VECTORS_32_JOEKUO6) return CURAND_STATUS_OUT_OF_RANGE;
  if (vectors == nullptr) return CURAND_STATUS_OUT_OF_RANGE;
  const unsigned int* table = cd::Table32();
  if (table == nullptr) return CURAND_STATUS_ALLOCATION_FAILED;
  *vectors = reinterpret_cast<curandDirectionVectors32_t*>(const_cast<unsigned int*>(table));
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t* vectors[], curandDirectionVectorSet_t set) {
  if (set == CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6) {
    cd::Refuse("curandGetDirectionVectors64",
               "CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 is not provided by the engine (scrambled Sobol uses "
               "cuRAND's own constants, which the engine cannot derive)");
  }
  if (set != CURAND_DIRECTION_VECTORS_64_JOEKUO6) return CURAND_STATUS_OUT_OF_RANGE;
  if (vectors == nullptr) return CURAND_STATUS_OUT_OF_RANGE;
  const unsigned long long* table = cd::Table64();
  if (table == nullptr) return CURAND_STATUS_ALLOCATION_FAILED;
  *vectors = reinterpret_cast<curandDirectionVectors64_t*>(const_cast<unsigned long long*>(table));
  return CURAND_STATUS_SUCCESS;
}

// ---- refused ---------------------------------------------------------------------------------------
#define WARPSAFE_CURAND_REFUSED_(name, what) cd::Refuse(#name, what " is not provided by the engine")

curandStatus_t curandCreatePoissonDistribution(double, curandDiscreteDistribution_t*) {
  WARPSAFE_CURAND_REFUSED_(curandCreatePoissonDistribution, "Poisson generation");
}
curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t) {
  WARPSAFE_CURAND_REFUSED_(curandDestroyDistribution, "Poisson generation");
}
curandStatus_t curandGeneratePoisson(curandGenerator_t, unsigned int*, size_t, double) {
  WARPSAFE_CURAND_REFUSED_(curandGeneratePoisson, "Poisson generation");
}
curandStatus_t curandGeneratePoissonMethod(curandGenerator_t, unsigned int*, size_t, double, curandMethod_t) {
  WARPSAFE_CURAND_REFUSED_(curandGeneratePoissonMethod, "Poisson generation");
}
curandStatus_t curandGenerateBinomial(curandGenerator_t, unsigned int*, size_t, unsigned int, double) {
  WARPSAFE_CURAND_REFUSED_(curandGenerateBinomial, "binomial generation");
}
curandStatus_t curandGenerateBinomialMethod(curandGenerator_t, unsigned int*, size_t, unsigned int, double,
                                            curandMethod_t) {
  WARPSAFE_CURAND_REFUSED_(curandGenerateBinomialMethod, "binomial generation");
}
curandStatus_t curandGetScrambleConstants32(unsigned int**) {
  cd::Refuse("curandGetScrambleConstants32",
             "scrambled Sobol is not provided by the engine: its scramble constants are cuRAND's own table, which "
             "the engine cannot derive");
}
curandStatus_t curandGetScrambleConstants64(unsigned long long**) {
  cd::Refuse("curandGetScrambleConstants64",
             "scrambled Sobol is not provided by the engine: its scramble constants are cuRAND's own table, which "
             "the engine cannot derive");
}
