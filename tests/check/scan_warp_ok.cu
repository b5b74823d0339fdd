// expect: clean
// The Handbook's warp scan made Volta-safe: each step reads its neighbour's partial, waits at
// __syncwarp until every lane has read, then writes, and waits again before the next read.
// Twin of scan_warp_bug.cu; the result is checked.
#include <stdio.h>

template <class T>
__device__ T scanWarp(T* sPartials) {
  const int lane = threadIdx.x & 31;
  for (int offset = 1; offset < 32; offset *= 2) {
    const T t = lane >= offset ? sPartials[-offset] : T(0);
    __syncwarp();
    sPartials[0] += t;
    __syncwarp();
  }
  return sPartials[0];
}

__global__ void scan(const int* in, int* out) {
  __shared__ int s[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncwarp();
  out[threadIdx.x] = scanWarp<int>(s + threadIdx.x);
}

int main() {
  int *in, *out;
  cudaMallocManaged(&in, 32 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i) in[i] = i % 5 + 1;
  scan<<<1, 32>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int sum = 0;
  for (int i = 0; i < 32; ++i) {
    sum += in[i];
    if (out[i] != sum) {
      printf("scan: element %d is %d, expected %d\n", i, out[i], sum);
      return 1;
    }
  }
  return 0;
}
