// Shared by the PTX probes: each probe is an ordinary CUDA program that runs one instruction family
// on chosen inputs and prints every result. The same file is built by nvcc for the GPU, where its
// output was recorded (expected/*.txt), and by warpsafe for the engine, whose output must match.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define PROBE_CHECK(call)                                                                     \
  do {                                                                                        \
    cudaError_t probe_e = (call);                                                             \
    if (probe_e != cudaSuccess) {                                                             \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(probe_e), __LINE__);      \
      std::exit(1);                                                                           \
    }                                                                                         \
  } while (0)

// Device buffer of n elements, filled with 0xab bytes so that a result never written shows.
template <class T>
T* ProbeAlloc(size_t n) {
  T* p = nullptr;
  PROBE_CHECK(cudaMalloc(&p, n * sizeof(T)));
  PROBE_CHECK(cudaMemset(p, 0xab, n * sizeof(T)));
  return p;
}

template <class T>
void ProbeUpload(T* dst, const T* src, size_t n) {
  PROBE_CHECK(cudaMemcpy(dst, src, n * sizeof(T), cudaMemcpyHostToDevice));
}

// Prints rows of results: "name: v0 v1 ..." in hex, one row per operation, one value per thread.
template <class T>
void ProbePrint(const char* const* names, int ops, const T* dev, int threads) {
  PROBE_CHECK(cudaDeviceSynchronize());
  T* host = static_cast<T*>(std::malloc(sizeof(T) * ops * threads));
  PROBE_CHECK(cudaMemcpy(host, dev, sizeof(T) * ops * threads, cudaMemcpyDeviceToHost));
  for (int op = 0; op < ops; ++op) {
    std::printf("%s:", names[op]);
    for (int t = 0; t < threads; ++t) std::printf(" %llx", static_cast<unsigned long long>(host[op * threads + t]));
    std::printf("\n");
  }
  std::free(host);
}
