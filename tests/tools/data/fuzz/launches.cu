// Fuzz seed: launches in every form the front end rewrites.
#include "header.cuh"
template <int N, class T>
__global__ void scale(T* data, T factor) { data[blockIdx.x * N + threadIdx.x] *= factor; }
#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
__global__ void k0() {}
int main(int argc, char** argv) {
  float* d = nullptr;
  cudaStream_t s;
  cudaStreamCreate(&s);
  scale<32, float><<<dim3(4, 1, 1), 32, 0, s>>>(d, 2.0f);
  LAUNCH(k0, 1, (argc > 1 ? 64 : 32));
  k0<<<(1 << 2) >> 1, 32>>>();
  auto lambda = [&] { k0<<<1, 1>>>(); };
  lambda();
  return cudaDeviceSynchronize() != cudaSuccess;
}
