// Records cuRAND's results on a real GPU, for the engine's tests to compare against. Not built by
// the project (it needs nvcc and libcurand); run by hand on a machine with a GPU:
//
//   nvcc -O2 -arch=sm_90 -I. -o curand_probe gpu/curand_probe.cu -lcurand   (from tests/programs/curand/Inputs)
//   ./curand_probe OUTDIR
//   ./curand_probe OUTDIR --philox-wide   (only PhiloxWide's records, below)
//
// It writes OUTDIR/device_cases.txt: the words of every case of ../curand_cases.cuh for the three
// generators, as C++ initialisers; and for the host API OUTDIR/host_<generator>.bin, the raw
// output of each curandGenerate* call listed in OUTDIR/host_index.txt (name, element size,
// count, byte offset in the .bin), plus the status codes of a few calls that must fail.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <curand.h>

#include "../curand_cases.cuh"

#define CHECK_CUDA(call)                                                                  \
  do {                                                                                    \
    cudaError_t e_ = (call);                                                              \
    if (e_ != cudaSuccess) {                                                              \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)
#define CHECK_CURAND(call)                                                          \
  do {                                                                              \
    curandStatus_t s_ = (call);                                                     \
    if (s_ != CURAND_STATUS_SUCCESS) {                                              \
      std::fprintf(stderr, "%s:%d: %s: status %d\n", __FILE__, __LINE__, #call, (int)s_); \
      std::exit(1);                                                                 \
    }                                                                               \
  } while (0)

namespace {

std::string g_dir;

void DeviceCases(const char* name, void (*kernel)(unsigned long long*), FILE* out) {
  const size_t words = curand_cases::kCaseCount * curand_cases::kSlots;
  unsigned long long* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, words * 8));
  CHECK_CUDA(cudaMemset(d, 0, words * 8));
  kernel<<<1, 32>>>(d);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<unsigned long long> h(words, 0xbadbadbadbadbad0ull);
  CHECK_CUDA(cudaMemcpy(h.data(), d, words * 8, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d));
  std::fprintf(out, "inline constexpr unsigned long long %s[kCaseCount][kSlots] = {\n", name);
  for (int c = 0; c < curand_cases::kCaseCount; ++c) {
    std::fprintf(out, "    {");
    for (int s = 0; s < curand_cases::kSlots; ++s) {
      std::fprintf(out, "%s0x%llxull", s == 0 ? "" : ",", h[c * curand_cases::kSlots + s]);
      if (s % 6 == 5) std::fprintf(out, "\n     ");
    }
    std::fprintf(out, "},\n");
  }
  std::fprintf(out, "};\n");
}

struct HostOut {
  FILE* bin;
  FILE* index;
  const char* gen;
  long offset = 0;

  void Put(const char* what, const void* dev, size_t elem, size_t n) {
    std::vector<unsigned char> h(elem * n);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(h.data(), dev, elem * n, cudaMemcpyDeviceToHost));
    std::fwrite(h.data(), 1, h.size(), bin);
    std::fprintf(index, "%s %s %zu %zu %ld\n", gen, what, elem, n, offset);
    offset += static_cast<long>(h.size());
  }
};

void HostApi(curandRngType_t type, const char* gen, FILE* index) {
  const std::string path = g_dir + "/host_" + gen + ".bin";
  FILE* bin = std::fopen(path.c_str(), "wb");
  if (!bin) {
    std::perror(path.c_str());
    std::exit(1);
  }
  HostOut out{bin, index, gen};
  const size_t kBig = 1u << 20;
  void* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, kBig * 8));
  auto poison = [&] { CHECK_CUDA(cudaMemset(d, 0xa5, kBig * 8)); };
  auto make = [&](unsigned long long seed, unsigned long long offset) {
    curandGenerator_t g;
    CHECK_CURAND(curandCreateGenerator(&g, type));
    CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, seed));
    if (offset) CHECK_CURAND(curandSetGeneratorOffset(g, offset));
    return g;
  };
  unsigned* u = static_cast<unsigned*>(d);
  float* f = static_cast<float*>(d);
  double* dd = static_cast<double*>(d);
  curandGenerator_t g;

  const size_t sizes[] = {131072, 10000, 4096 * 3 + 5, kBig};
  for (size_t n : sizes) {
    poison();
    g = make(1234, 0);
    CHECK_CURAND(curandGenerate(g, u, n));
    out.Put(("u32_n" + std::to_string(n)).c_str(), u, 4, n);
    CHECK_CURAND(curandDestroyGenerator(g));
  }
  poison();
  g = make(1234, 100);
  CHECK_CURAND(curandGenerate(g, u, 131072));
  out.Put("u32_off100", u, 4, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));

  poison();
  g = make(1234, 0);
  CHECK_CURAND(curandGenerate(g, u, 1000));
  out.Put("u32_first1000", u, 4, 1000);
  CHECK_CURAND(curandGenerate(g, u, 131072));
  out.Put("u32_after1000", u, 4, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));

  poison();
  {
    curandGenerator_t g0;
    CHECK_CURAND(curandCreateGenerator(&g0, type));
    CHECK_CURAND(curandGenerate(g0, u, 4096));
    out.Put("u32_defaultseed", u, 4, 4096);
    CHECK_CURAND(curandDestroyGenerator(g0));
  }

  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateUniform(g, f, 131072));
  out.Put("uniform", f, 4, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));
  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateUniformDouble(g, dd, 131072));
  out.Put("uniform_double", dd, 8, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));
  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateNormal(g, f, 131072, 1.0f, 2.0f));
  out.Put("normal", f, 4, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));
  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateNormal(g, f, 10002, 1.0f, 2.0f));
  out.Put("normal_n10002", f, 4, 10002);
  CHECK_CURAND(curandDestroyGenerator(g));
  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateNormalDouble(g, dd, 131072, 1.0, 2.0));
  out.Put("normal_double", dd, 8, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));
  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateLogNormal(g, f, 131072, 0.5f, 1.5f));
  out.Put("lognormal", f, 4, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));
  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateLogNormalDouble(g, dd, 65536, 0.5, 1.5));
  out.Put("lognormal_double", dd, 8, 65536);
  CHECK_CURAND(curandDestroyGenerator(g));
  poison();
  g = make(99, 0);
  CHECK_CURAND(curandGenerateUniform(g, f, 1000));
  out.Put("uniform_first1000", f, 4, 1000);
  CHECK_CURAND(curandGenerateNormal(g, f, 131072, 0.0f, 1.0f));
  out.Put("normal_after_uniform1000", f, 4, 131072);
  CHECK_CURAND(curandDestroyGenerator(g));

  // How each kind of call moves the generator's offset, and where the next call starts: a call
  // of 1000 or 1001 results of one kind, then 3 * 4096 plain 32-bit results.
  struct Then {
    const char* name;
    int kind;  // 0 u32, 1 uniform double, 2 normal, 3 normal double, 4 uniform
    size_t n;
    unsigned long long offset;
  };
  const Then thens[] = {{"then_after_u32_1001", 0, 1001, 0},    {"then_after_udouble_1000", 1, 1000, 0},
                        {"then_after_normal_1000", 2, 1000, 0}, {"then_after_ndouble_1000", 3, 1000, 0},
                        {"then_after_uniform_1001", 4, 1001, 0}, {"then_after_normal_1000_off5000", 2, 1000, 5000},
                        {"then_after_udouble_5000", 1, 5000, 0}};
  for (const Then& t : thens) {
    poison();
    g = make(99, t.offset);
    switch (t.kind) {
      case 0: CHECK_CURAND(curandGenerate(g, u, t.n)); break;
      case 1: CHECK_CURAND(curandGenerateUniformDouble(g, dd, t.n)); break;
      case 2: CHECK_CURAND(curandGenerateNormal(g, f, t.n, 0.0f, 1.0f)); break;
      case 3: CHECK_CURAND(curandGenerateNormalDouble(g, dd, t.n, 0.0, 1.0)); break;
      case 4: CHECK_CURAND(curandGenerateUniform(g, f, t.n)); break;
    }
    CHECK_CURAND(curandGenerate(g, u, 3 * 4096));
    out.Put(t.name, u, 4, 3 * 4096);
    CHECK_CURAND(curandDestroyGenerator(g));
  }
  // Results of the wider kinds after an odd start: 1001 plain results, then each kind.
  for (int kind = 1; kind <= 3; ++kind) {
    poison();
    g = make(99, 0);
    CHECK_CURAND(curandGenerate(g, u, 1001));
    const size_t n = 3 * 4096;
    const char* names[] = {"", "udouble_after_u32_1001", "normal_after_u32_1001", "ndouble_after_u32_1001"};
    switch (kind) {
      case 1: CHECK_CURAND(curandGenerateUniformDouble(g, dd, n)); out.Put(names[kind], dd, 8, n); break;
      case 2: CHECK_CURAND(curandGenerateNormal(g, f, n, 0.0f, 1.0f)); out.Put(names[kind], f, 4, n); break;
      case 3: CHECK_CURAND(curandGenerateNormalDouble(g, dd, n, 0.0, 1.0)); out.Put(names[kind], dd, 8, n); break;
    }
    CHECK_CURAND(curandDestroyGenerator(g));
  }

  // Calls that must fail, with their status.
  g = make(99, 0);
  std::fprintf(index, "%s status normal_odd %d\n", gen, (int)curandGenerateNormal(g, f, 1001, 0.0f, 1.0f));
  std::fprintf(index, "%s status normal_double_odd %d\n", gen,
               (int)curandGenerateNormalDouble(g, dd, 1001, 0.0, 1.0));
  std::fprintf(index, "%s status lognormal_odd %d\n", gen, (int)curandGenerateLogNormal(g, f, 7, 0.0f, 1.0f));
  std::fprintf(index, "%s status generate_long_long %d\n", gen,
               (int)curandGenerateLongLong(g, static_cast<unsigned long long*>(d), 16));
  std::fprintf(index, "%s status set_dimensions %d\n", gen, (int)curandSetQuasiRandomGeneratorDimensions(g, 2));
  std::fprintf(index, "%s status generate_zero %d\n", gen, (int)curandGenerate(g, u, 0));
  CHECK_CURAND(curandDestroyGenerator(g));
  CHECK_CUDA(cudaFree(d));
  std::fclose(bin);
}

// Philox's double kinds take two blocks a round: past 4 * 65536 results they wrap to the next
// round of each subsequence. Results of 2^19 of each kind, in OUTDIR/host_philox_wide.bin.
void PhiloxWide(FILE* index) {
  const std::string path = g_dir + "/host_philox_wide.bin";
  FILE* bin = std::fopen(path.c_str(), "wb");
  if (!bin) {
    std::perror(path.c_str());
    std::exit(1);
  }
  HostOut out{bin, index, "philox_wide"};
  const size_t n = 1u << 19;
  void* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, n * 8));
  curandGenerator_t g;
  for (int kind = 0; kind < 3; ++kind) {
    CHECK_CUDA(cudaMemset(d, 0xa5, n * 8));
    CHECK_CURAND(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, 77));
    CHECK_CURAND(curandSetGeneratorOffset(g, 3));
    switch (kind) {
      case 0:
        CHECK_CURAND(curandGenerateUniformDouble(g, static_cast<double*>(d), n));
        out.Put("uniform_double_n524288_off3", d, 8, n);
        break;
      case 1:
        CHECK_CURAND(curandGenerateNormalDouble(g, static_cast<double*>(d), n, 0.0, 1.0));
        out.Put("normal_double_n524288_off3", d, 8, n);
        break;
      case 2:
        CHECK_CURAND(curandGenerateNormal(g, static_cast<float*>(d), n, 0.0f, 1.0f));
        out.Put("normal_n524288_off3", d, 4, n);
        break;
    }
    CHECK_CURAND(curandDestroyGenerator(g));
  }
  CHECK_CUDA(cudaFree(d));
  std::fclose(bin);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && !(argc == 3 && std::strcmp(argv[2], "--philox-wide") == 0)) {
    std::fprintf(stderr, "usage: %s OUTDIR [--philox-wide]\n", argv[0]);
    return 64;
  }
  g_dir = argv[1];
  if (argc == 3) {  // only the wide Philox records
    FILE* index = std::fopen((g_dir + "/host_index_wide.txt").c_str(), "w");
    PhiloxWide(index);
    std::fclose(index);
    std::printf("ok\n");
    return 0;
  }
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  int version = 0;
  CHECK_CURAND(curandGetVersion(&version));
  int runtime = 0;
  CHECK_CUDA(cudaRuntimeGetVersion(&runtime));
  std::printf("device %s sm_%d%d, cuRAND %d, runtime %d\n", prop.name, prop.major, prop.minor, version, runtime);

  FILE* cases = std::fopen((g_dir + "/device_cases.txt").c_str(), "w");
  std::fprintf(cases, "// %s sm_%d%d, cuRAND %d, CUDA runtime %d\n", prop.name, prop.major, prop.minor, version,
               runtime);
  DeviceCases("kXorwowGpu", curand_cases::RecordXorwow, cases);
  DeviceCases("kPhiloxGpu", curand_cases::RecordPhiloxCases, cases);
  DeviceCases("kMrgGpu", curand_cases::RecordMrg, cases);
  std::fclose(cases);

  FILE* index = std::fopen((g_dir + "/host_index.txt").c_str(), "w");
  {
    curandGenerator_t q;
    std::fprintf(index, "status create_sobol32 %d\n", (int)curandCreateGenerator(&q, CURAND_RNG_QUASI_SOBOL32));
    std::fprintf(index, "status create_mtgp32 %d\n", (int)curandCreateGenerator(&q, CURAND_RNG_PSEUDO_MTGP32));
    std::fprintf(index, "status create_bad %d\n", (int)curandCreateGenerator(&q, (curandRngType_t)12345));
  }
  HostApi(CURAND_RNG_PSEUDO_XORWOW, "xorwow", index);
  HostApi(CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox", index);
  HostApi(CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a", index);
  std::fclose(index);
  std::printf("ok\n");
  return 0;
}
