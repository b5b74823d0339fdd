// expect: warpsafe: illegal memory access in GPU thread
// report: in kernel Fill \(launched at [^\n]*host_heap_defect\.cu:16\), block \(0,0,0\), thread \([0-9]+,0,0\) \(warp 0, lane [0-9]+\)\n  at [^\n]*host_heap_defect\.cu:11: write of 4 bytes by block \(0,0,0\), thread \([0-9]+,0,0\) \(warp 0, lane [0-9]+\)\n  the address is in the host heap \(malloc or new in host code\), not device memory
// A kernel writes through a pointer the host got from malloc: on a GPU the address is not mapped
// for the device and the kernel faults. The program checks every call, as a careful one would: the
// fault is the only defect.
#include <cstdio>
#include <cstdlib>

__global__ void Fill(int* out) {
  const int i = threadIdx.x;
  out[i] = i;
}

int main() {
  int* host = static_cast<int*>(std::malloc(32 * sizeof(int)));
  Fill<<<1, 32>>>(host);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("%d\n", host[31]);
  std::free(host);
  return 0;
}
