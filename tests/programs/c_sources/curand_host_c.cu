// cuRAND's host API called from a C file (Inputs/curand_host.c): the same generator, seed and
// requests made from C++ here give the same values, and the uniform ones lie in (0, 1]
// (docs/semantics/c_sources.md, C-3).
// REQUIRES: math-libraries
// RUN: %warpsafe run %s %S/Inputs/curand_host.c 2>&1 | FileCheck %s
// CHECK:      from C: status 0; C and C++ agree on 1024 uniform and 1024 normal values: yes; uniform in (0, 1]: yes
// CHECK-NOT:  {{.}}
#include <curand.h>

#include <cstdio>

extern "C" int GenerateFromC(float* uniform, float* normal, int n);

int main() {
  constexpr int kN = 1024;
  static float c_uniform[kN], c_normal[kN], uniform[kN], normal[kN];
  const int status = GenerateFromC(c_uniform, c_normal, kN);
  curandGenerator_t generator;
  float* d = nullptr;
  curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  curandSetPseudoRandomGeneratorSeed(generator, 1234ULL);
  cudaMalloc(&d, 2 * kN * sizeof(float));
  curandGenerateUniform(generator, d, kN);
  curandGenerateNormal(generator, d + kN, kN, 0.0f, 1.0f);
  cudaMemcpy(uniform, d, sizeof uniform, cudaMemcpyDeviceToHost);
  cudaMemcpy(normal, d + kN, sizeof normal, cudaMemcpyDeviceToHost);
  bool same = true, in_range = true;
  for (int i = 0; i < kN; ++i) {
    same = same && c_uniform[i] == uniform[i] && c_normal[i] == normal[i];
    in_range = in_range && c_uniform[i] > 0.0f && c_uniform[i] <= 1.0f;
  }
  std::printf("from C: status %d; C and C++ agree on %d uniform and %d normal values: %s; uniform in (0, 1]: %s\n",
              status, kN, kN, same ? "yes" : "no", in_range ? "yes" : "no");
  curandDestroyGenerator(generator);
  cudaFree(d);
  return 0;
}
