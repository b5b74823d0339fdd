// curand_poisson for 64 <= lambda <= 4000 is refused (the GPU's method rests on its approximate
// exp2/log2 instructions).
#include <curand_kernel.h>

__global__ void Draw(unsigned* out) {
  curandState s;
  curand_init(1, threadIdx.x, 0, &s);
  out[threadIdx.x] = curand_poisson(&s, 100.0);
}

int main() {
  unsigned* out;
  cudaMalloc(&out, 32 * sizeof(unsigned));
  Draw<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
