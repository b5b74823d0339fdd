// cuRAND's host API fills a buffer on one stream while a kernel on another stream reads it: the
// generator's work is queued on its stream like a kernel, so the read races with it (MEM-5).
#include <curand.h>

#include <cstdio>

__global__ void Mean(const float* v, int n, float* out) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  *out = s / n;
}

int main() {
  const int n = 256;
  float *v, *out;
  cudaMalloc(&v, n * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaStream_t rng_stream, kernel_stream;
  cudaStreamCreateWithFlags(&rng_stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&kernel_stream, cudaStreamNonBlocking);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  curandSetStream(g, rng_stream);
  curandGenerateUniform(g, v, n);
  Mean<<<1, 1, 0, kernel_stream>>>(v, n, out);  // nothing orders it after the generator's work
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
