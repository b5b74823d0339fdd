// expect: warpsafe: out-of-bounds access
// report: write of 16 bytes.*cudaMalloc block of 100 bytes
// The last thread's memcpy runs 12 bytes past the end of a 100-byte cudaMalloc block: the copy is
// checked as one byte range (MEM-1).
#include <cstring>
__global__ void Spread(const char* in, char* out) { memcpy(out + threadIdx.x * 16, in, 16); }
int main() {
  char *in, *out;
  cudaMalloc(&in, 16);
  cudaMalloc(&out, 100);
  cudaMemset(in, 1, 16);
  Spread<<<1, 7>>>(in, out);  // thread 6 writes bytes 96..111
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
