// A launch long enough to show the progress line: argv[1] blocks of 32 threads, each thread
// mixing a value argv[2] times. Prints a checksum so the work cannot be optimized away.
#include <cstdio>
#include <cstdlib>

__global__ void Mix(unsigned* out, int rounds) {
  unsigned v = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < rounds; ++i) v = v * 1664525u + 1013904223u + (v >> 7);
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main(int argc, char** argv) {
  const int blocks = argc > 1 ? std::atoi(argv[1]) : 64;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 1000;
  unsigned* out = nullptr;
  if (cudaMalloc(&out, blocks * 32 * sizeof(unsigned)) != cudaSuccess) return 1;
  Mix<<<blocks, 32>>>(out, rounds);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  unsigned* host = static_cast<unsigned*>(std::malloc(blocks * 32 * sizeof(unsigned)));
  if (cudaMemcpy(host, out, blocks * 32 * sizeof(unsigned), cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  unsigned sum = 0;
  for (int i = 0; i < blocks * 32; ++i) sum ^= host[i];
  std::printf("slow grid done, checksum %08x\n", sum);
  std::free(host);
  cudaFree(out);
  return 0;
}
