// Records cuRAND's Sobol generators on a real GPU, for the engine's tests to compare against. Not
// built by the project (it needs nvcc and libcurand); run by hand on a machine with a GPU:
//
//   nvcc -O2 -arch=sm_90 -o sobol_probe gpu/sobol_probe.cu -lcurand   (from tests/programs/curand/Inputs)
//   ./sobol_probe OUTDIR
//
// It writes to OUTDIR:
//   - sobol_cases.txt: C++ initialisers (the direction vectors of a few dimensions, a digest of the
//     first 3667 dimensions of each set, host-API results and statuses, device-API results);
//   - vectors32.bin, vectors64.bin: the first 3667 dimensions of each set in full, to compare
//     against the engine's on the recording machine (not kept in the repository).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <curand.h>
#include <curand_kernel.h>

#define CHECK_CUDA(call)                                                                           \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)
#define CHECK_CURAND(call)                                                                \
  do {                                                                                    \
    curandStatus_t s_ = (call);                                                           \
    if (s_ != CURAND_STATUS_SUCCESS) {                                                    \
      std::fprintf(stderr, "%s:%d: %s: status %d\n", __FILE__, __LINE__, #call, (int)s_); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

namespace {

constexpr int kDims = 3667;
FILE* g_out = nullptr;

// FNV-1a over the bytes of the first kDims dimensions.
unsigned long long Digest(const void* p, size_t bytes) {
  unsigned long long h = 0xcbf29ce484222325ull;
  const unsigned char* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < bytes; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

void Words(const char* name, const unsigned long long* w, size_t n) {
  std::fprintf(g_out, "inline constexpr unsigned long long %s[%zu] = {", name, n);
  for (size_t i = 0; i < n; ++i) std::fprintf(g_out, "%s0x%llxull", i == 0 ? "\n    " : i % 6 == 0 ? ",\n    " : ", ", w[i]);
  std::fprintf(g_out, "};\n");
}

template <class T>
void Bytes(const char* name, const T* v, size_t n) {
  std::vector<unsigned long long> w(n);
  for (size_t i = 0; i < n; ++i) {
    unsigned long long x = 0;
    std::memcpy(&x, &v[i], sizeof(T));
    w[i] = x;
  }
  Words(name, w.data(), n);
}

void DirectionVectors() {
  curandDirectionVectors32_t* v32 = nullptr;
  curandDirectionVectors64_t* v64 = nullptr;
  CHECK_CURAND(curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
  CHECK_CURAND(curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6));
  const int dims[] = {0, 1, 2, 3, 100, 1000, 3666};
  for (int d : dims) {
    std::vector<unsigned long long> w(v32[d], v32[d] + 32);
    Words(("kVectors32Dim" + std::to_string(d)).c_str(), w.data(), 32);
    Words(("kVectors64Dim" + std::to_string(d)).c_str(), v64[d], 64);
  }
  std::fprintf(g_out, "inline constexpr unsigned long long kVectors32Digest = 0x%llxull;\n",
               Digest(v32, sizeof(curandDirectionVectors32_t) * kDims));
  std::fprintf(g_out, "inline constexpr unsigned long long kVectors64Digest = 0x%llxull;\n",
               Digest(v64, sizeof(curandDirectionVectors64_t) * kDims));
  std::string dir = std::getenv("PROBE_OUT");
  FILE* f = std::fopen((dir + "/vectors32.bin").c_str(), "wb");
  std::fwrite(v32, sizeof(curandDirectionVectors32_t), kDims, f);
  std::fclose(f);
  f = std::fopen((dir + "/vectors64.bin").c_str(), "wb");
  std::fwrite(v64, sizeof(curandDirectionVectors64_t), kDims, f);
  std::fclose(f);
  // Whether the scrambled sets and constants exist, and a few of them (for the record).
  curandDirectionVectors32_t* s32 = nullptr;
  unsigned* c32 = nullptr;
  std::fprintf(g_out, "// scrambled set 32: status %d, constants: status %d\n",
               (int)curandGetDirectionVectors32(&s32, CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6),
               (int)curandGetScrambleConstants32(&c32));
  std::fprintf(g_out, "// wrong set for 32: status %d\n",
               (int)curandGetDirectionVectors32(&s32, CURAND_DIRECTION_VECTORS_64_JOEKUO6));
}

template <class T>
struct DevBuf {
  T* p = nullptr;
  size_t n;
  explicit DevBuf(size_t n_) : n(n_) {
    CHECK_CUDA(cudaMalloc(&p, n * sizeof(T)));
    CHECK_CUDA(cudaMemset(p, 0xa5, n * sizeof(T)));
  }
  ~DevBuf() { cudaFree(p); }
  std::vector<T> Host() {
    std::vector<T> h(n);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
};

curandGenerator_t Make(curandRngType_t type, unsigned dims, unsigned long long offset) {
  curandGenerator_t g;
  CHECK_CURAND(curandCreateGenerator(&g, type));
  CHECK_CURAND(curandSetQuasiRandomGeneratorDimensions(g, dims));
  if (offset) CHECK_CURAND(curandSetGeneratorOffset(g, offset));
  return g;
}

// Host-API results. Each record: the calls of one generator, concatenated in call order.
void HostApi() {
  // Sobol32 in 1 and 3 dimensions, bits then a second call that continues.
  for (int is64 = 0; is64 < 2; ++is64) {
    const curandRngType_t type = is64 ? CURAND_RNG_QUASI_SOBOL64 : CURAND_RNG_QUASI_SOBOL32;
    const char* tag = is64 ? "64" : "32";
    struct Layout {
      unsigned dims;
      unsigned long long offset;
      size_t first, second;
    } layouts[] = {{1, 0, 40, 8}, {3, 5, 3 * 16, 3 * 4}, {2, 1000, 2 * 20000, 2 * 6}};
    for (const Layout& l : layouts) {
      std::string name = std::string("kHostBits") + tag + "_d" + std::to_string(l.dims) + "_o" + std::to_string(l.offset);
      curandGenerator_t g = Make(type, l.dims, l.offset);
      if (!is64) {
        DevBuf<unsigned> a(l.first), b(l.second);
        CHECK_CURAND(curandGenerate(g, a.p, l.first));
        CHECK_CURAND(curandGenerate(g, b.p, l.second));
        std::vector<unsigned> h = a.Host(), h2 = b.Host();
        if (l.first > 64) {
          FILE* f = std::fopen((std::string(std::getenv("PROBE_OUT")) + "/wide32.bin").c_str(), "wb");
          std::fwrite(h.data(), 4, h.size(), f);
          std::fclose(f);  // the wide call: its first 6 and last 6 per dimension
          std::vector<unsigned> s;
          const size_t per = l.first / l.dims;
          for (unsigned d = 0; d < l.dims; ++d)
            for (size_t i : {size_t(0), size_t(1), size_t(2), per - 3, per - 2, per - 1}) s.push_back(h[d * per + i]);
          h = s;
        }
        h.insert(h.end(), h2.begin(), h2.end());
        Bytes(name.c_str(), h.data(), h.size());
      } else {
        DevBuf<unsigned long long> a(l.first), b(l.second);
        CHECK_CURAND(curandGenerateLongLong(g, a.p, l.first));
        CHECK_CURAND(curandGenerateLongLong(g, b.p, l.second));
        std::vector<unsigned long long> h = a.Host(), h2 = b.Host();
        if (l.first > 64) {
          FILE* f = std::fopen((std::string(std::getenv("PROBE_OUT")) + "/wide64.bin").c_str(), "wb");
          std::fwrite(h.data(), 8, h.size(), f);
          std::fclose(f);
          std::vector<unsigned long long> s;
          const size_t per = l.first / l.dims;
          for (unsigned d = 0; d < l.dims; ++d)
            for (size_t i : {size_t(0), size_t(1), size_t(2), per - 3, per - 2, per - 1}) s.push_back(h[d * per + i]);
          h = s;
        }
        h.insert(h.end(), h2.begin(), h2.end());
        Bytes(name.c_str(), h.data(), h.size());
      }
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    // The distributions, 2 dimensions, offset 3, 2 x 12 values each, one fresh generator per kind.
    const size_t n = 24;
    {
      curandGenerator_t g = Make(type, 2, 3);
      DevBuf<float> f(n);
      CHECK_CURAND(curandGenerateUniform(g, f.p, n));
      Bytes((std::string("kHostUniform") + tag).c_str(), f.Host().data(), n);
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    {
      curandGenerator_t g = Make(type, 2, 3);
      DevBuf<double> f(n);
      CHECK_CURAND(curandGenerateUniformDouble(g, f.p, n));
      Bytes((std::string("kHostUniformDouble") + tag).c_str(), f.Host().data(), n);
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    {
      curandGenerator_t g = Make(type, 2, 3);
      DevBuf<float> f(n);
      CHECK_CURAND(curandGenerateNormal(g, f.p, n, 1.0f, 2.0f));
      Bytes((std::string("kHostNormal") + tag).c_str(), f.Host().data(), n);
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    {
      curandGenerator_t g = Make(type, 2, 3);
      DevBuf<double> f(n);
      CHECK_CURAND(curandGenerateNormalDouble(g, f.p, n, 1.0, 2.0));
      Bytes((std::string("kHostNormalDouble") + tag).c_str(), f.Host().data(), n);
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    {
      curandGenerator_t g = Make(type, 2, 3);
      DevBuf<float> f(n);
      CHECK_CURAND(curandGenerateLogNormal(g, f.p, n, 0.5f, 1.5f));
      Bytes((std::string("kHostLogNormal") + tag).c_str(), f.Host().data(), n);
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    {
      curandGenerator_t g = Make(type, 2, 3);
      DevBuf<double> f(n);
      CHECK_CURAND(curandGenerateLogNormalDouble(g, f.p, n, 0.5, 1.5));
      Bytes((std::string("kHostLogNormalDouble") + tag).c_str(), f.Host().data(), n);
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    // Statuses of calls that may fail.
    {
      curandGenerator_t g;
      CHECK_CURAND(curandCreateGenerator(&g, type));
      DevBuf<unsigned long long> b(64);
      std::fprintf(g_out, "// sobol%s statuses:", tag);
      std::fprintf(g_out, " seed %d", (int)curandSetPseudoRandomGeneratorSeed(g, 5));
      std::fprintf(g_out, " order_pseudo %d", (int)curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT));
      std::fprintf(g_out, " order_quasi %d", (int)curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT));
      std::fprintf(g_out, " dims0 %d", (int)curandSetQuasiRandomGeneratorDimensions(g, 0));
      std::fprintf(g_out, " dims20000 %d", (int)curandSetQuasiRandomGeneratorDimensions(g, 20000));
      std::fprintf(g_out, " dims20001 %d", (int)curandSetQuasiRandomGeneratorDimensions(g, 20001));
      std::fprintf(g_out, " dims3 %d", (int)curandSetQuasiRandomGeneratorDimensions(g, 3));
      std::fprintf(g_out, " n4_of_3 %d", (int)curandGenerate(g, (unsigned*)b.p, 4));
      std::fprintf(g_out, " normal_n4_of_3 %d", (int)curandGenerateNormal(g, (float*)b.p, 4, 0, 1));
      std::fprintf(g_out, " n0 %d", (int)curandGenerate(g, (unsigned*)b.p, 0));
      std::fprintf(g_out, " bits32 %d", (int)curandGenerate(g, (unsigned*)b.p, 3));
      std::fprintf(g_out, " longlong %d", (int)curandGenerateLongLong(g, b.p, 3));
      std::fprintf(g_out, " normal_odd_d1");
      CHECK_CURAND(curandSetQuasiRandomGeneratorDimensions(g, 1));
      std::fprintf(g_out, " %d\n", (int)curandGenerateNormal(g, (float*)b.p, 3, 0, 1));
      CHECK_CURAND(curandDestroyGenerator(g));
    }
    {
      curandGenerator_t g;
      std::fprintf(g_out, "// sobol%s scrambled create: %d\n", tag,
                   (int)curandCreateGenerator(&g, is64 ? CURAND_RNG_QUASI_SCRAMBLED_SOBOL64
                                                       : CURAND_RNG_QUASI_SCRAMBLED_SOBOL32));
    }
  }
  {
    curandGenerator_t g;
    CHECK_CURAND(curandCreateGenerator(&g, CURAND_RNG_QUASI_DEFAULT));
    DevBuf<unsigned> b(4);
    std::fprintf(g_out, "// quasi default bits status %d\n", (int)curandGenerate(g, b.p, 4));
    Bytes("kHostQuasiDefault", b.Host().data(), 4);
    CHECK_CURAND(curandDestroyGenerator(g));
  }
}

// Device-API cases: per case a dimension and an offset; the kernel writes kSlots words each.
constexpr int kSlots = 40;
struct DeviceCase {
  int dim;
  unsigned long long offset;
  unsigned skip;
};
__constant__ DeviceCase kCases[] = {{0, 0, 0}, {1, 7, 13}, {2, 1000, 1}, {100, 123456, 4096}, {3666, 0x80000005ull, 77},
                                    {5, 0xfffffff0ull, 40}};
constexpr int kCaseCount = 6;

// Words: 0-7 curand, 8 after skipahead: 8-11 curand, 12-15 uniform, 16-19 uniform_double,
// 20-25 normal, 26-29 normal_double, 30-33 log_normal(0.5, 1.5), 34-37 log_normal_double(0.5,1.5),
// 38 the scrambled state's first value (constant 0x12345678 / 0x123456789abcdef), 39 its second.
template <class State, class Vectors, class Word>
__global__ void DeviceKernel(const Vectors* vectors, unsigned long long* out, bool wide_offset) {
  const int c = threadIdx.x;
  if (c >= kCaseCount) return;
  unsigned long long* o = out + c * kSlots;
  State s;
  const unsigned long long offset = wide_offset ? kCases[c].offset * 3 + (1ull << 33) * (c % 2) : kCases[c].offset;
  curand_init(const_cast<Word*>(vectors[kCases[c].dim]), offset, &s);
  for (int i = 0; i < 8; ++i) o[i] = curand(&s);
  skipahead(kCases[c].skip, &s);
  for (int i = 8; i < 12; ++i) o[i] = curand(&s);
  for (int i = 12; i < 16; ++i) {
    float f = curand_uniform(&s);
    unsigned u;
    memcpy(&u, &f, 4);
    o[i] = u;
  }
  for (int i = 16; i < 20; ++i) {
    double d = curand_uniform_double(&s);
    memcpy(&o[i], &d, 8);
  }
  for (int i = 20; i < 26; ++i) {
    float f = curand_normal(&s);
    unsigned u;
    memcpy(&u, &f, 4);
    o[i] = u;
  }
  for (int i = 26; i < 30; ++i) {
    double d = curand_normal_double(&s);
    memcpy(&o[i], &d, 8);
  }
  for (int i = 30; i < 34; ++i) {
    float f = curand_log_normal(&s, 0.5f, 1.5f);
    unsigned u;
    memcpy(&u, &f, 4);
    o[i] = u;
  }
  for (int i = 34; i < 38; ++i) {
    double d = curand_log_normal_double(&s, 0.5, 1.5);
    memcpy(&o[i], &d, 8);
  }
}

template <class State, class Word>
__global__ void ScrambledKernel(const Word* vectors, Word constant, unsigned long long* out) {
  State s;
  curand_init(const_cast<Word*>(vectors), constant, 9, &s);
  out[0] = curand(&s);
  skipahead(3, &s);
  out[1] = curand(&s);
}

template <class State, class Vectors, class Word>
void Device(const char* name, const Vectors* host_vectors, bool wide_offset) {
  Vectors* dv = nullptr;
  CHECK_CUDA(cudaMalloc(&dv, sizeof(Vectors) * kDims));
  CHECK_CUDA(cudaMemcpy(dv, host_vectors, sizeof(Vectors) * kDims, cudaMemcpyHostToDevice));
  DevBuf<unsigned long long> out(kCaseCount * kSlots);
  DeviceKernel<State, Vectors, Word><<<1, 32>>>(dv, out.p, wide_offset);
  CHECK_CUDA(cudaGetLastError());
  std::vector<unsigned long long> h = out.Host();
  Words(name, h.data(), h.size());
  CHECK_CUDA(cudaFree(dv));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 64;
  }
  setenv("PROBE_OUT", argv[1], 1);
  g_out = std::fopen((std::string(argv[1]) + "/sobol_cases.txt").c_str(), "w");
  if (!g_out) {
    std::perror("sobol_cases.txt");
    return 1;
  }
  DirectionVectors();
  HostApi();
  curandDirectionVectors32_t* v32 = nullptr;
  curandDirectionVectors64_t* v64 = nullptr;
  CHECK_CURAND(curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
  CHECK_CURAND(curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6));
  Device<curandStateSobol32_t, curandDirectionVectors32_t, unsigned>("kDevice32", v32, false);
  Device<curandStateSobol64_t, curandDirectionVectors64_t, unsigned long long>("kDevice64", v64, true);
  {
    DevBuf<unsigned long long> out(4);
    unsigned* d32 = nullptr;
    unsigned long long* d64 = nullptr;
    CHECK_CUDA(cudaMalloc(&d32, sizeof(curandDirectionVectors32_t)));
    CHECK_CUDA(cudaMalloc(&d64, sizeof(curandDirectionVectors64_t)));
    CHECK_CUDA(cudaMemcpy(d32, v32[4], sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d64, v64[4], sizeof(curandDirectionVectors64_t), cudaMemcpyHostToDevice));
    ScrambledKernel<curandStateScrambledSobol32_t, unsigned><<<1, 1>>>(d32, 0x12345678u, out.p);
    ScrambledKernel<curandStateScrambledSobol64_t, unsigned long long><<<1, 1>>>(d64, 0x123456789abcdefull, out.p + 2);
    CHECK_CUDA(cudaGetLastError());
    Words("kDeviceScrambled", out.Host().data(), 4);
  }
  std::fclose(g_out);
  std::printf("ok\n");
  return 0;
}
