// expect: warpsafe: illegal memory access in GPU thread
// report: in kernel Sum \(launched at [^\n]*host_stack_defect\.cu:16\), block \(0,0,0\), thread \([0-9]+,0,0\) \(warp 0, lane [0-9]+\)\n  at [^\n]*host_stack_defect\.cu:8: read of 4 bytes by block \(0,0,0\), thread \([0-9]+,0,0\) \(warp 0, lane [0-9]+\)\n  the address is in the host stack \(a local variable of host code\), not device memory
// A kernel reads a local array of main() through a pointer: host stack memory is not device memory.
#include <cstdio>

__global__ void Sum(const int* in, int* out) {
  int s = 0;
  for (int k = 0; k < 4; ++k) s += in[k];
  out[threadIdx.x] = s;
}

int main() {
  int values[4] = {1, 2, 3, 4};
  int* out;
  cudaMalloc(&out, 4 * sizeof(int));
  Sum<<<1, 4>>>(values, out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
